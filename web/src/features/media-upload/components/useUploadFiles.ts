import { useEffect, useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import { todayIso } from '../../../lib/format';
import { normalizeTags } from '../../../lib/tags';
import { UploadError, isDuplicateUpload, type UploadInput } from '../api';
import { announceUploadFailure, announceUploadSuccess, failureMessage, isCanceled, useMediaUploader } from '../queries';
import { uploadErrors, uploadValidation } from '../strings';
import { readCaptureDate } from '../captureDate';
import { titleFromFileName } from '../uploadRules';

/** A chosen file with its own title and date; the other fields are shared by every file in one upload. */
export interface ChosenFile {
  key: string;
  file: File;
  title: string;
  /** YYYY-MM-DD: the day the file says it was taken once read, else today, until the family changes it. */
  date: string;
  /** The day the file itself says it was taken, null when it does not (or is still being read). */
  fileDate: string | null;
}

export interface UploadFilesValues {
  files: ChosenFile[];
  description: string;
  tags: string[];
  /** Spec: uploads are private by default. */
  isPrivate: boolean;
}

/**
 * waiting: not sent yet; uploading: bytes going out (percent; reconnecting while a resumable upload waits
 * to go on after a dropped connection); duplicate: the athlete already has this file and the server asks
 * whether to keep both (its message); skipped: the family said no; done: the server took it; failed: why not.
 */
export type FilePhase =
  | { phase: 'waiting' }
  | { phase: 'uploading'; percent: number; reconnecting?: boolean }
  | { phase: 'duplicate'; message: string }
  | { phase: 'skipped' }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/** What one round of uploads did, by file name: shown until "Upload more" or "Done". */
export interface UploadSummary {
  uploaded: string[];
  skipped: string[];
}

/** The family's answer to a duplicate: keep both, or skip the file. */
interface PendingChoice {
  key: string;
  resolve: (keepBoth: boolean) => void;
  reject: (err: UploadError) => void;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function freshValues(): UploadFilesValues {
  return { files: [], description: '', tags: [], isPrivate: true };
}

export function validateUpload(values: UploadFilesValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.files.length === 0) errors.files = uploadValidation.file;
  values.files.forEach((f, i) => {
    if (!f.title.trim()) errors[`files.${i}.title`] = uploadValidation.title;
    if (!ISO_DATE.test(f.date)) errors[`files.${i}.date`] = uploadValidation.date;
  });
  return errors;
}

let nextKey = 0;

const chosenFile = (file: File): ChosenFile => ({
  key: `file-${++nextKey}`,
  file,
  title: titleFromFileName(file.name),
  date: todayIso(),
  fileDate: null,
});

/**
 * The Upload Files tab's state: the form, each file's progress, and sending the files one after
 * another. A file the athlete already has waits for "Keep both" (sent again with allowDuplicate) or
 * "Skip". The first failure stops the queue: files already sent or skipped leave the list (so trying
 * again sends no duplicates), the failed one stays with its error, the rest wait. When every file is
 * through, the summary says what was uploaded and skipped until "Upload more" starts afresh.
 */
export function useUploadFiles(athleteId: number, initialFiles: File[] = []) {
  const form = useForm<UploadFilesValues>({
    initialValues: { ...freshValues(), files: initialFiles.map(chosenFile) },
    validate: validateUpload,
  });
  const { upload, cancel } = useMediaUploader(athleteId);
  const [phases, setPhases] = useState<Record<string, FilePhase>>({});
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<UploadSummary | null>(null);
  const pendingChoice = useRef<PendingChoice | null>(null);
  // The tag being typed counts too when the form is sent (as in the journal's entry form).
  const [tagDraft, setTagDraft] = useState('');

  const setPhase = (key: string, phase: FilePhase) => setPhases((all) => ({ ...all, [key]: phase }));

  /** A file's own date, once read, becomes its date unless the family has chosen another meanwhile. */
  const takeFileDate = (row: ChosenFile, fileDate: string | null) => {
    if (!fileDate) return;
    const i = form.getValues().files.findIndex((f) => f.key === row.key);
    if (i < 0) return;
    form.setFieldValue(`files.${i}.fileDate`, fileDate);
    if (form.getValues().files[i].date === row.date) form.setFieldValue(`files.${i}.date`, fileDate);
  };

  const readDates = (rows: ChosenFile[]) => {
    for (const row of rows) void readCaptureDate(row.file).then((date) => takeFileDate(row, date));
  };

  // Files shared to the app arrive already chosen: their dates are read once, as for files picked here.
  useEffect(() => {
    readDates(form.getValues().files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the files the dialog opened with
  }, []);

  const addFiles = (files: File[]) => {
    const rows = files.map(chosenFile);
    form.setFieldValue('files', [...form.getValues().files, ...rows]);
    form.clearFieldError('files');
    readDates(rows);
  };

  const removeFile = (key: string) => {
    form.setFieldValue(
      'files',
      form.getValues().files.filter((f) => f.key !== key),
    );
    form.clearErrors();
  };

  /** Waits for the family's answer to the duplicate question on one file. */
  const askKeepBoth = (key: string, message: string) => {
    setPhase(key, { phase: 'duplicate', message });
    return new Promise<boolean>((resolve, reject) => {
      pendingChoice.current = { key, resolve, reject };
    }).finally(() => {
      pendingChoice.current = null;
    });
  };

  const choose = (key: string, keepBoth: boolean) => {
    if (pendingChoice.current?.key === key) pendingChoice.current.resolve(keepBoth);
  };

  /** Sends one file: 'uploaded', or 'skipped' when it was a duplicate the family chose not to keep. */
  const sendOne = async (row: ChosenFile, input: UploadInput): Promise<'uploaded' | 'skipped'> => {
    let allowDuplicate = false;
    for (;;) {
      setPhase(row.key, { phase: 'uploading', percent: 0 });
      try {
        await upload(
          { ...input, allowDuplicate },
          (percent) => setPhase(row.key, { phase: 'uploading', percent }),
          () =>
            setPhases((all) => {
              const now = all[row.key];
              const percent = now?.phase === 'uploading' ? now.percent : 0;
              return { ...all, [row.key]: { phase: 'uploading', percent, reconnecting: true } };
            }),
        );
        return 'uploaded';
      } catch (err) {
        if (allowDuplicate || !isDuplicateUpload(err)) throw err;
        if (!(await askKeepBoth(row.key, err.message))) return 'skipped';
        allowDuplicate = true;
      }
    }
  };

  const send = async (values: UploadFilesValues) => {
    setBusy(true);
    const tags = normalizeTags([...values.tags, tagDraft]);
    const sent = new Set<string>();
    const result: UploadSummary = { uploaded: [], skipped: [] };
    for (const row of values.files) {
      try {
        const outcome = await sendOne(row, {
          file: row.file,
          fileName: row.file.name,
          title: row.title.trim(),
          description: values.description.trim(),
          date: row.date,
          isPrivate: values.isPrivate,
          tags,
        });
        sent.add(row.key);
        result[outcome].push(row.file.name);
        setPhase(row.key, { phase: outcome === 'uploaded' ? 'done' : 'skipped' });
      } catch (err) {
        const left = values.files.filter((f) => !sent.has(f.key));
        form.setFieldValue('files', left);
        setPhases(isCanceled(err) ? {} : { [row.key]: { phase: 'failed', message: failureMessage(err) } });
        setBusy(false);
        if (!isCanceled(err)) {
          announceUploadFailure(err);
          // A 400 names the field: put its message under the failed file's title.
          const titleError = err instanceof UploadError ? err.body.errors?.title : undefined;
          if (titleError) form.setFieldError(`files.${left.findIndex((f) => f.key === row.key)}.title`, titleError);
        }
        return;
      }
    }
    if (result.uploaded.length > 0) announceUploadSuccess();
    setSummary(result);
    setBusy(false);
  };

  /** Cancel: stops the upload in flight, or the queue while it waits for a duplicate's answer. */
  const cancelAll = () => {
    pendingChoice.current?.reject(new UploadError('aborted', uploadErrors.aborted));
    cancel();
  };

  const startOver = () => {
    form.setValues(freshValues());
    form.resetDirty();
    setTagDraft('');
    setPhases({});
    setSummary(null);
  };

  return {
    form,
    busy,
    summary,
    startOver,
    keepBoth: (key: string) => choose(key, true),
    skip: (key: string) => choose(key, false),
    phaseOf: (key: string): FilePhase => phases[key] ?? { phase: 'waiting' },
    addFiles,
    removeFile,
    tagDraft,
    setTagDraft,
    submit: form.onSubmit((values) => void send(values)),
    cancel: cancelAll,
  };
}
