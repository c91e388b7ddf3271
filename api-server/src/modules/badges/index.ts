export { awardEarnedBadges, ensureBadgeCatalogue } from './badge-awards.ts';
export { toBadgeDto, toEarnedBadgeDto } from './badge-dto.ts';
export { listEarnedBadges } from './badges-repository.ts';
export { badgesHandlers } from './badges-routes.ts';
export { CATEGORIES } from './catalogue.ts';
