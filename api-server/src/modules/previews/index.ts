export { linkPreviewsPlugin } from './previews-routes.ts';
