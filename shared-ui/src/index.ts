export {
  BadgeTierChip,
  BadgeTile,
  type BadgeTileProps,
  type BadgeTileTier,
  DEFAULT_BADGE_IMAGE,
} from './components/BadgeTile.tsx';
export { EmptyState } from './components/EmptyState.tsx';
export { ErrorState } from './components/ErrorState.tsx';
export { FullPageLoader } from './components/FullPageLoader.tsx';
export { IconCard } from './components/IconCard.tsx';
export { Logo } from './components/Logo.tsx';
export { ModalsHost } from './components/ModalsHost.tsx';
export { PasswordStrength, type PasswordStrengthProps } from './components/PasswordStrength.tsx';
export { DEFAULT_QUEST_IMAGE, QuestCard, type QuestCardProps } from './components/QuestCard.tsx';
export { SocialLinks } from './components/SocialLinks.tsx';
export { StatusBadge } from './components/StatusBadge.tsx';
export {
  type RecoveryCodesLabels,
  RecoveryCodesPanel,
  type RecoveryCodesPanelProps,
} from './components/two-factor/RecoveryCodesPanel.tsx';
export {
  SecondFactorForm,
  type SecondFactorFormLabels,
  type SecondFactorFormProps,
} from './components/two-factor/SecondFactorForm.tsx';
export {
  type TwoFactorSetupLabels,
  TwoFactorSetupPanel,
  type TwoFactorSetupPanelProps,
} from './components/two-factor/TwoFactorSetupPanel.tsx';
export {
  UserAvatarMenu,
  type UserAvatarMenuItem,
  type UserAvatarMenuProps,
} from './components/UserAvatarMenu.tsx';
export { XpLevelIndicator, type XpLevelIndicatorProps } from './components/XpLevelIndicator.tsx';
export { LazyQuestMap } from './map/LazyQuestMap.tsx';
export { DEFAULT_STYLE_URL, DIFFICULTY_COLOURS, OFFLINE_STYLE, resolveMapStyle } from './map/map-style.ts';
export type { MapBounds, MapPoint, MapQuest, QuestMapProps } from './map/QuestMap.tsx';
export { relativeTime } from './relative-time.ts';
export { oneOf, pageParam, textParam } from './search-params.ts';
export { shownTotal } from './shown-total.ts';
export { accessibleColors, cityQuestTheme, superAdminTheme } from './theme.ts';
