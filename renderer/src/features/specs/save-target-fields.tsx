import { useEffect, useState } from 'react';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { initialSaveFile, newSpecFile, refusedStartFile, saveChoice } from './save-target';
import { refreshSpecs, useSpecsStore } from './specs-store';

/** The name offered for a new spec file. */
export const defaultSpecFileName = 'requests.openapi.yaml';

/** Where a save dialog writes: the file chosen (or the new file's name) among the workspace's parsable files. */
export interface SaveTarget {
  file: string;
  setFile(file: string): void;
  fileName: string;
  setFileName(name: string): void;
  /** Files an operation may be saved into (they parse and are OpenAPI 3.2). */
  writable: SpecFileInfo[];
  /** Files that parse but are another OpenAPI version: listed, marked, never chosen. */
  notWritable: SpecFileInfo[];
  /** The tab's own file when it cannot take the operation: the choice starts elsewhere and says why. */
  refusedStart: SpecFileInfo | undefined;
  chosen: SpecFileInfo | undefined;
  creating: boolean;
  /** What to send as the request's `file`: the chosen file, or the new file's name; empty until the files are listed. */
  target: string;
  /** The workspace's files are listed: until then there is no choice to make (or send). */
  listed: boolean;
}

/**
 * The save dialogs' file choice: once the workspace is listed, starts on `startFile` (the tab's own
 * file) when it can take the operation, else on the file named `preferred` (the workspace's own
 * file by default), the first file that can take it, or a new file.
 */
export function useSaveTarget(startFile: string | undefined, preferred?: string): SaveTarget {
  const host = useHost();
  const files = useSpecsStore((s) => s.files);
  const listed = useSpecsStore((s) => s.loaded);
  const [file, setFile] = useState('');
  const [fileName, setFileName] = useState(defaultSpecFileName);
  useEffect(() => {
    void refreshSpecs(host);
  }, [host]);
  useEffect(() => {
    if (!file && listed) setFile(initialSaveFile(files, preferred, startFile));
  }, [files, file, listed, preferred, startFile]);
  const refusedStart = listed ? refusedStartFile(files, startFile) : undefined;
  return { file, setFile, fileName, setFileName, listed, refusedStart, ...saveChoice(files, file, fileName, listed) };
}

interface SaveTargetFieldsProps {
  /** Prefix of the fields' ids (the dialog's useId()). */
  id: string;
  target: SaveTarget;
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
  const { id, target } = props;
  return (
    <>
      <div className="field-col">
        <label htmlFor={`${id}-file`}>{t('save.file')}</label>
        <select
          id={`${id}-file`}
          value={!target.listed ? '' : target.creating ? newSpecFile : target.file}
          disabled={!target.listed}
          onChange={(e) => target.setFile(e.target.value)}
        >
          {target.listed ? null : <option value="">{t('save.listingFiles')}</option>}
          {target.writable.map((f) => (
            <option key={f.file} value={f.file}>
              {f.name}
              {f.title ? ` — ${f.title}` : ''}
            </option>
          ))}
          {/* Shown so the person sees why their file is not offered: Powerduck writes OpenAPI 3.2 only. */}
          {target.notWritable.map((f) => (
            <option key={f.file} value={f.file} disabled>
              {t('save.fileNotWritable', { name: f.name, version: f.openapi ?? '' })}
            </option>
          ))}
          {target.listed ? <option value={newSpecFile}>{t('save.newFile')}</option> : null}
        </select>
        {target.refusedStart ? (
          <span className="notice small" role="note">
            {t('save.startFileNotWritable', { name: target.refusedStart.name, version: target.refusedStart.openapi ?? '' })}
          </span>
        ) : null}
      </div>
      {target.creating ? (
        <div className="field-col">
          <label htmlFor={`${id}-name`}>{t('save.fileName')}</label>
          <input
            id={`${id}-name`}
            className="mono"
            value={target.fileName}
            aria-describedby={`${id}-name-help`}
            onChange={(e) => target.setFileName(e.target.value)}
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
