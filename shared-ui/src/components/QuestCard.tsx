import {
  Badge,
  Card,
  Group,
  Image,
  Stack,
  Text,
  Title,
  type TitleOrder,
  UnstyledButton,
} from '@mantine/core';
import { IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DIFFICULTY_COLOURS, type QuestDifficulty } from '../difficulty.ts';
import classes from './QuestCard.module.css';

/** A neutral picture shown when a quest has no cover or its cover fails to load. */
export const DEFAULT_QUEST_IMAGE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b7285"/><stop offset="1" stop-color="#1971c2"/></linearGradient></defs><rect width="320" height="200" fill="url(#g)"/><path d="M0 160 L80 100 L140 140 L210 70 L320 150 L320 200 L0 200 Z" fill="#ffffff" fill-opacity="0.25"/><circle cx="250" cy="50" r="18" fill="#ffffff" fill-opacity="0.5"/></svg>',
)}`;

export type QuestCardProps = {
  title: string;
  /** The cover (a quest's `files[0].file_url`); missing or broken covers show DEFAULT_QUEST_IMAGE. */
  imageUrl?: string | null;
  fallbackImageUrl?: string;
  /** Category as shown to the user (already translated, 'Hidden Gems' for HiddenGems). */
  category?: string;
  difficulty?: QuestDifficulty;
  /** The translated difficulty; defaults to the difficulty itself. */
  difficultyLabel?: string;
  /** For example '150 XP'. */
  xpLabel?: string;
  /** Average rating 0 to 5; 0 or null hides it. */
  rating?: number | null;
  /** Accessible text of the rating, for example 'Rated 4.5 out of 5'. */
  ratingLabel?: string;
  city?: string;
  description?: string;
  /** Extra badges next to category and difficulty (status, participants...). */
  badges?: ReactNode;
  /** Extra content under the text (progress bar, dates...). */
  children?: ReactNode;
  /** Buttons or links at the bottom of the card; they stay clickable above the card's own click area. */
  actions?: ReactNode;
  /** Makes the whole card a button (the title is its accessible name). */
  onClick?: () => void;
  headingOrder?: TitleOrder;
};

/** A quest as carousels and lists show it: cover, title, category, difficulty, xp, rating and city. */
export function QuestCard({
  title,
  imageUrl,
  fallbackImageUrl = DEFAULT_QUEST_IMAGE,
  category,
  difficulty,
  difficultyLabel,
  xpLabel,
  rating,
  ratingLabel,
  city,
  description,
  badges,
  children,
  actions,
  onClick,
  headingOrder = 3,
}: QuestCardProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const source = !imageUrl || failedUrl === imageUrl ? fallbackImageUrl : imageUrl;
  const heading = (
    <Title order={headingOrder} size="h5" lineClamp={2}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="lg" padding="md" className={classes.card}>
      <Card.Section>
        <Image src={source} alt="" className={classes.image} onError={() => setFailedUrl(imageUrl ?? null)} />
      </Card.Section>
      <Stack gap={6} mt="sm" flex={1}>
        {(category || difficulty || xpLabel || badges) && (
          <Group gap={6}>
            {category && (
              <Badge variant="light" size="sm">
                {category}
              </Badge>
            )}
            {difficulty && (
              <Badge variant="light" size="sm" color={DIFFICULTY_COLOURS[difficulty].color}>
                {difficultyLabel ?? difficulty}
              </Badge>
            )}
            {xpLabel && (
              <Badge variant="filled" size="sm" color="teal">
                {xpLabel}
              </Badge>
            )}
            {badges}
          </Group>
        )}
        {onClick ? (
          <UnstyledButton className={classes.stretched} onClick={onClick}>
            {heading}
          </UnstyledButton>
        ) : (
          heading
        )}
        {description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {description}
          </Text>
        )}
        {(city || (rating !== undefined && rating !== null && rating > 0)) && (
          <Group gap="md" wrap="nowrap">
            {city && (
              <Group gap={4} wrap="nowrap" miw={0}>
                <IconMapPin size={16} aria-hidden="true" />
                <Text size="sm" truncate>
                  {city}
                </Text>
              </Group>
            )}
            {rating !== undefined && rating !== null && rating > 0 && (
              <Group gap={4} wrap="nowrap" role={ratingLabel ? 'img' : undefined} aria-label={ratingLabel}>
                <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
                <Text size="sm" aria-hidden={ratingLabel ? true : undefined}>
                  {rating.toFixed(1)}
                </Text>
              </Group>
            )}
          </Group>
        )}
        {children}
        {actions && (
          <Group gap="xs" className={classes.actions} pt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
