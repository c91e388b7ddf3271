import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageFileField } from './image-file-field.tsx';
import { renderUi } from './testing/render-ui.tsx';

function BadgeImage() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImageFileField
      label="Badge image"
      value={file}
      onChange={setFile}
      previewAlt="Preview of the chosen badge image"
      previewShape="round"
      fallbackUrl="/medals/history-rare.png"
      fallbackAlt="The catalogue’s medal"
      clearLabel="Use the catalogue’s medal instead"
    />
  );
}

describe('ImageFileField', () => {
  it('previews the chosen picture in place of the fallback, and goes back to it', async () => {
    renderUi(<BadgeImage />);
    expect(await screen.findByRole('img', { name: 'The catalogue’s medal' })).toHaveAttribute(
      'src',
      '/medals/history-rare.png',
    );
    await userEvent.upload(
      screen.getByLabelText('Badge image'),
      new File(['png'], 'owl.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of the chosen badge image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByLabelText('Badge image')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use the catalogue’s medal instead' }));
    expect(await screen.findByRole('img', { name: 'The catalogue’s medal' })).toBeInTheDocument();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview'));
  });
});
