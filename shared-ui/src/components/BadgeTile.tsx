import { Image, Paper, Text, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import classes from './BadgeTile.module.css';

/** The five badge tiers, lowest first (the API's BadgeTier). */
export type BadgeTileTier = 'Common' | 'Uncommon' | 'Rare' | 'Epic' | 'Legendary';

/** A neutral medal shown when a badge has no image or its image fails to load. */
export const DEFAULT_BADGE_IMAGE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0ca678"/><stop offset="1" stop-color="#1864ab"/></linearGradient></defs><circle cx="60" cy="60" r="60" fill="url(#b)"/><circle cx="60" cy="60" r="42" fill="#ffffff" fill-opacity="0.18"/><path d="M60 30 L68.8 47.9 L88.5 50.7 L74.2 64.6 L77.6 84.3 L60 75 L42.4 84.3 L45.8 64.6 L31.5 50.7 L51.2 47.9 Z" fill="#ffffff" fill-opacity="0.9"/></svg>',
)}`;

export type BadgeTileProps = {
  name: string;
  /** Null for a badge without a tier (admins may create one): a neutral medallion and no tier chip. */
  tier: BadgeTileTier | null;
  /** The tier as shown to the user (translated); defaults to the tier itself. */
  tierLabel?: string;
  /** The badge's `imageUrl`; missing or broken images show DEFAULT_BADGE_IMAGE. */
  imageUrl?: string | null;
  fallbackImageUrl?: string;
  /** Text alternative of the image; defaults to the name. */
  imageAlt?: string;
  /** Not earned yet and not in reach: greyed, without the tier's glow. */
  locked?: boolean;
  size?: 'sm' | 'md';
  headingOrder?: TitleOrder;
  /** A short line under the tier (what unlocks it, when it was earned...). */
  caption?: ReactNode;
  /** Extra content at the bottom (progress, links, an earned mark...). */
  children?: ReactNode;
};

/** The tier's name on the tier's colour (readable on light and dark surfaces alike). */
export function BadgeTierChip({ tier, label }: { tier: BadgeTileTier; label?: string }) {
  return (
    <span className={classes.chip} data-tier={tier}>
      {label ?? tier}
    </span>
  );
}

/**
 * A badge as the gallery and the collection show it: its image in a medallion with the tier's colour theme and
 * glow (docs/product-rules/progress-and-xp.md#badge-tiers: Common silver, Uncommon gold, Rare sapphire
 * blue, Epic royal purple, Legendary red and gold), its name and its tier.
 */
export function BadgeTile({
  name,
  tier,
  tierLabel,
  imageUrl,
  fallbackImageUrl = DEFAULT_BADGE_IMAGE,
  imageAlt,
  locked = false,
  size = 'md',
  headingOrder = 3,
  caption,
  children,
}: BadgeTileProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const source = !imageUrl || failedUrl === imageUrl ? fallbackImageUrl : imageUrl;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={classes.tile}
      data-tier={tier ?? undefined}
      data-size={size}
      data-locked={locked || undefined}
    >
      <div className={classes.medallion}>
        <Image
          src={source}
          alt={imageAlt ?? name}
          className={classes.image}
          onError={() => setFailedUrl(imageUrl ?? null)}
        />
      </div>
      <Title order={headingOrder} size={size === 'sm' ? 'h6' : 'h5'} className={classes.name}>
        {name}
      </Title>
      {tier && <BadgeTierChip tier={tier} label={tierLabel} />}
      {caption && (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      )}
      {children && <div className={classes.extra}>{children}</div>}
    </Paper>
  );
}
