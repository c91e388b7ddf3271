// The image workers' entry (lib/image-pool.ts): a worker thread starts without the parent's TypeScript loader,
// so it registers tsx before it loads the jobs.
import { register } from 'tsx/esm/api';

register();

// libvips (one per process) would spread each image over every core; one thread per job keeps the image threads
// to their number.
const { default: sharp } = await import('sharp');
sharp.concurrency(1);

export const { prepareImage } = await import('./image-jobs.ts');
