import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { DEFAULT_QUEST_IMAGE, QuestCard } from './QuestCard.tsx';

describe('QuestCard', () => {
  it('shows the quest with its category, difficulty, xp, rating and city', () => {
    renderWithTheme(
      <QuestCard
        title="Murals of Lodhi Colony"
        imageUrl="/uploads/quests/4d1a.webp"
        category="Art"
        difficulty="Easy"
        difficultyLabel="Fácil"
        xpLabel="60 XP"
        rating={4.6}
        ratingLabel="Rated 4.6 out of 5"
        city="New Delhi"
        headingOrder={2}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    for (const text of ['Art', 'Fácil', '60 XP', 'New Delhi'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Rated 4.6 out of 5')).toBeInTheDocument();
  });

  it('falls back to the default image when the cover is missing or fails to load', () => {
    const first = renderWithTheme(<QuestCard title="No cover" />);
    expect(first.container.querySelector('img')).toHaveAttribute('src', DEFAULT_QUEST_IMAGE);
    first.unmount();
    const { container } = renderWithTheme(
      <QuestCard title="Broken cover" imageUrl="/uploads/quests/missing.webp" />,
    );
    const image = container.querySelector('img');
    if (!image) throw new Error('no image');
    expect(image).toHaveAttribute('src', '/uploads/quests/missing.webp');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_QUEST_IMAGE);
  });

  it('is a button named by its title when clickable, and keeps its actions separate', () => {
    const onClick = vi.fn();
    const onAction = vi.fn();
    renderWithTheme(
      <QuestCard
        title="Food of Chandni Chowk"
        onClick={onClick}
        actions={
          <button type="button" onClick={onAction}>
            Abandon
          </button>
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Food of Chandni Chowk' }));
    expect(onClick).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Abandon' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('hides the rating when the quest is not rated yet', () => {
    renderWithTheme(<QuestCard title="New quest" rating={0} ratingLabel="Rated 0 out of 5" />);
    expect(screen.queryByLabelText('Rated 0 out of 5')).not.toBeInTheDocument();
  });
});
