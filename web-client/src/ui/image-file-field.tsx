import { PhotoField, type PhotoFieldProps } from '@cityquest/shared-ui';
import { IMAGE_ACCEPT } from './image-file.ts';
import { useObjectUrl } from './use-object-url.ts';

export type ImageFileFieldProps = Omit<
  PhotoFieldProps,
  'accept' | 'previewUrl' | 'previewAlt' | 'fileName'
> & {
  value: File | null;
  /** The chosen picture's alternative text; '' when it only repeats the label. */
  previewAlt?: string;
  /** A picture shown while no file is chosen (the catalogue medal a badge gets without an upload). */
  fallbackUrl?: string | null;
  fallbackAlt?: string;
};

/** The one picture field of both apps: a labelled file input of the server's picture types, previewing the choice. */
export function ImageFileField({
  value,
  previewAlt = '',
  fallbackUrl,
  fallbackAlt = '',
  ...props
}: ImageFileFieldProps) {
  const preview = useObjectUrl(value);
  return (
    <PhotoField
      {...props}
      accept={IMAGE_ACCEPT}
      previewUrl={preview ?? fallbackUrl ?? null}
      previewAlt={preview ? previewAlt : fallbackAlt}
      fileName={value?.name ?? null}
    />
  );
}
