import { SNIFFED_TYPES, type SniffedType } from './file-sniff.js';

/** The largest file a FILE field takes unless its `settings.maxFileSize` says less. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** FILE fields a form may have, so files per submission (one file per FILE field). */
export const MAX_FILE_FIELDS = 10;
/** Uploads not part of a completed submission after this long are deleted by the sweep job. */
export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** `settings.allowedTypes` entries: a sniffed type, or a family (`image/*`). */
const FAMILIES = ['image/*', 'video/*', 'audio/*', 'text/*'] as const;
export const ALLOWED_TYPE_VALUES: readonly string[] = [...SNIFFED_TYPES, ...FAMILIES];

/** What the respondent reads beside the control ("PDF, PNG or JPEG"). */
const NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (.xlsx)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint (.pptx)',
  'video/mp4': 'MP4',
  'video/quicktime': 'QuickTime',
  'audio/mpeg': 'MP3',
  'text/plain': 'text',
  'text/csv': 'CSV',
  'application/octet-stream': 'any file',
  'image/*': 'images',
  'video/*': 'videos',
  'audio/*': 'audio',
  'text/*': 'text',
};

export interface FileRules {
  maxBytes: number;
  /** Null: every recognised type (anything but `application/octet-stream`). */
  allowedTypes: readonly string[] | null;
}

export function fileRulesOf(settings: Record<string, unknown>): FileRules {
  const max = settings.maxFileSize;
  const types = settings.allowedTypes;
  return {
    maxBytes: typeof max === 'number' && max > 0 && max < DEFAULT_MAX_FILE_BYTES ? max : DEFAULT_MAX_FILE_BYTES,
    allowedTypes: Array.isArray(types) && types.length > 0 ? (types as string[]) : null,
  };
}

export function typeAllowed(rules: FileRules, type: SniffedType): boolean {
  if (!rules.allowedTypes) return type !== 'application/octet-stream';
  if (rules.allowedTypes.includes('application/octet-stream')) return true;
  return rules.allowedTypes.some(
    (allowed) => allowed === type || (allowed.endsWith('/*') && type.startsWith(allowed.slice(0, -1))),
  );
}

/** "PDF, PNG or JPEG". */
export function typeNames(types: readonly string[]): string {
  const names = types.map((t) => NAMES[t] ?? t);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** "10 MB", "512 KB", "200 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
