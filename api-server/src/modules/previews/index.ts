export { linkPreviewsPlugin } from './previews-handlers.ts';
