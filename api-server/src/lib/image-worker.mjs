// The image workers' entry (lib/image-pool.ts): a worker thread starts without the parent's TypeScript loader,
// so it registers tsx before it loads the jobs.
import { register } from 'tsx/esm/api';

register();

export const { prepareImage } = await import('./image-jobs.ts');
