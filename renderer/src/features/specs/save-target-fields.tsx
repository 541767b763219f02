import { useT } from '../../i18n/i18n';

/** The select value that stands for "a new file" (no real path starts with NUL). */
export const newSpecFile = '\u0000new';

export interface SaveTargetFile {
  file: string;
  name: string;
  title?: string;
}

interface SaveTargetFieldsProps {
  /** Prefix of the fields' ids (the dialog's useId()). */
  id: string;
  /** Files the operation may be saved into (parsed ones). */
  files: readonly SaveTargetFile[];
  file: string;
  creating: boolean;
  onFile(file: string): void;
  fileName: string;
  onFileName(name: string): void;
  path: string;
  onPath(path: string): void;
  /** Default "Operation path"; HTTP operations call it a path template. */
  pathLabel?: string;
  /** What the path is (it differs per protocol); replaced by a warning when the path is taken. */
  pathHelp: string;
  pathTaken: boolean;
}

/** Where an operation is saved: the spec file (or a new one) and the operation path. Shared by every save dialog. */
export function SaveTargetFields(props: SaveTargetFieldsProps) {
  const t = useT();
  const { id } = props;
  return (
    <>
      <div className="field-col">
        <label htmlFor={`${id}-file`}>{t('save.file')}</label>
        <select id={`${id}-file`} value={props.creating ? newSpecFile : props.file} onChange={(e) => props.onFile(e.target.value)}>
          {props.files.map((f) => (
            <option key={f.file} value={f.file}>
              {f.name}
              {f.title ? ` — ${f.title}` : ''}
            </option>
          ))}
          <option value={newSpecFile}>{t('save.newFile')}</option>
        </select>
      </div>
      {props.creating ? (
        <div className="field-col">
          <label htmlFor={`${id}-name`}>{t('save.fileName')}</label>
          <input
            id={`${id}-name`}
            className="mono"
            value={props.fileName}
            aria-describedby={`${id}-name-help`}
            onChange={(e) => props.onFileName(e.target.value)}
          />
          <span id={`${id}-name-help`} className="muted small">
            {t('save.fileNameHelp')}
          </span>
        </div>
      ) : null}
      <div className="field-col">
        <label htmlFor={`${id}-path`}>{props.pathLabel ?? t('save.path')}</label>
        <input id={`${id}-path`} className="mono" value={props.path} aria-describedby={`${id}-path-help`} onChange={(e) => props.onPath(e.target.value)} />
        <span id={`${id}-path-help`} className={props.pathTaken ? 'warning small' : 'muted small'}>
          {props.pathTaken ? t('save.pathExists') : props.pathHelp}
        </span>
      </div>
    </>
  );
}

/** The file a save dialog starts on: the one the request came from, else `preferred`, else the first, else a new one. */
export function initialSaveFile(files: readonly (SaveTargetFile & { parseError?: unknown })[], from: string | undefined, preferred?: string): string {
  const writable = files.filter((f) => !f.parseError);
  return writable.find((f) => f.file === from)?.file ?? writable.find((f) => f.name === preferred)?.file ?? writable[0]?.file ?? newSpecFile;
}
