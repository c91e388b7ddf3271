import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { PhotoField } from './PhotoField.tsx';

const owl = new File(['png'], 'owl.png', { type: 'image/png' });

describe('PhotoField', () => {
  it('is a labelled file input that hands over the chosen file', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <PhotoField
        label="Profile Photo"
        description="Up to 5 MB"
        accept="image/png"
        onChange={onChange}
        previewUrl={null}
        previewAlt=""
      />,
    );
    const input = screen.getByLabelText('Profile Photo');
    expect(input).toHaveAccessibleDescription('Up to 5 MB');
    await userEvent.upload(input, owl);
    expect(onChange).toHaveBeenCalledWith(owl);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the preview, the chosen name and a button that clears the choice', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <PhotoField
        label="Badge image"
        accept="image/png"
        onChange={onChange}
        previewUrl="blob:owl"
        previewAlt="Preview of the chosen badge image"
        previewShape="round"
        fileName="owl.png"
        clearLabel="Use the medal instead"
      />,
    );
    expect(screen.getByRole('img', { name: 'Preview of the chosen badge image' })).toHaveAttribute(
      'src',
      'blob:owl',
    );
    expect(screen.getByText('owl.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the medal instead' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('says what is wrong with the choice', () => {
    renderWithTheme(
      <PhotoField
        label="Cover Image"
        accept="image/png"
        onChange={() => {}}
        previewUrl={null}
        previewAlt=""
        error="Too large"
      />,
    );
    expect(screen.getByLabelText('Cover Image')).toHaveAccessibleDescription('Too large');
    expect(screen.getByLabelText('Cover Image')).toBeInvalid();
  });
});
