export { badgeAdminHandlers } from './badge-admin-handlers.ts';
export { awardEarnedBadges, ensureBadgeCatalogue } from './badge-awards.ts';
export { toEarnedBadgeDto } from './badge-dto.ts';
export { badgesHandlers } from './badges-handlers.ts';
export { earnedBadgeCount, listEarnedBadges } from './badges-repository.ts';
export { CATEGORIES } from './catalogue.ts';
