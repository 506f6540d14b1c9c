import { useState } from 'react';
import { useForm } from '@mantine/form';
import { todayIso } from '../../../lib/format';
import { normalizeTags } from '../../../lib/tags';
import { UploadError } from '../api';
import { announceUploadFailure, announceUploadSuccess, failureMessage, isCanceled, useMediaUploader } from '../queries';
import { uploadValidation } from '../strings';
import { titleFromFileName } from '../uploadRules';

/** A chosen file and its own title; the other fields are shared by every file in one upload. */
export interface ChosenFile {
  key: string;
  file: File;
  title: string;
}

export interface UploadFilesValues {
  files: ChosenFile[];
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  tags: string[];
  /** Spec: uploads are private by default. */
  isPrivate: boolean;
}

/**
 * waiting: not sent yet; uploading: bytes going out (percent; reconnecting while a resumable upload waits
 * to go on after a dropped connection); done: the server took it; failed: why not.
 */
export type FilePhase =
  | { phase: 'waiting' }
  | { phase: 'uploading'; percent: number; reconnecting?: boolean }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function freshValues(): UploadFilesValues {
  return { files: [], description: '', date: todayIso(), tags: [], isPrivate: true };
}

export function validateUpload(values: UploadFilesValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.files.length === 0) errors.files = uploadValidation.file;
  values.files.forEach((f, i) => {
    if (!f.title.trim()) errors[`files.${i}.title`] = uploadValidation.title;
  });
  if (!ISO_DATE.test(values.date)) errors.date = uploadValidation.date;
  return errors;
}

let nextKey = 0;

/**
 * The Upload Files tab's state: the form, each file's progress, and sending the files one after
 * another. The first failure stops the queue: files already sent leave the list (so trying again
 * sends no duplicates), the failed one stays with its error, the rest wait.
 */
export function useUploadFiles(athleteId: number) {
  const form = useForm<UploadFilesValues>({ initialValues: freshValues(), validate: validateUpload });
  const { upload, cancel } = useMediaUploader(athleteId);
  const [phases, setPhases] = useState<Record<string, FilePhase>>({});
  const [busy, setBusy] = useState(false);
  // The tag being typed counts too when the form is sent (as in the journal's entry form).
  const [tagDraft, setTagDraft] = useState('');

  const setPhase = (key: string, phase: FilePhase) => setPhases((all) => ({ ...all, [key]: phase }));

  const addFiles = (files: File[]) => {
    const rows = files.map((file) => ({ key: `file-${++nextKey}`, file, title: titleFromFileName(file.name) }));
    form.setFieldValue('files', [...form.getValues().files, ...rows]);
    form.clearFieldError('files');
  };

  const removeFile = (key: string) => {
    form.setFieldValue(
      'files',
      form.getValues().files.filter((f) => f.key !== key),
    );
    form.clearErrors();
  };

  const send = async (values: UploadFilesValues) => {
    setBusy(true);
    const tags = normalizeTags([...values.tags, tagDraft]);
    const sent = new Set<string>();
    for (const row of values.files) {
      setPhase(row.key, { phase: 'uploading', percent: 0 });
      try {
        await upload(
          {
            file: row.file,
            fileName: row.file.name,
            title: row.title.trim(),
            description: values.description.trim(),
            date: values.date,
            isPrivate: values.isPrivate,
            tags,
          },
          (percent) => setPhase(row.key, { phase: 'uploading', percent }),
          () =>
            setPhases((all) => {
              const now = all[row.key];
              const percent = now?.phase === 'uploading' ? now.percent : 0;
              return { ...all, [row.key]: { phase: 'uploading', percent, reconnecting: true } };
            }),
        );
        sent.add(row.key);
        setPhase(row.key, { phase: 'done' });
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
    announceUploadSuccess();
    form.setValues(freshValues());
    form.resetDirty();
    setTagDraft('');
    setPhases({});
    setBusy(false);
  };

  return {
    form,
    busy,
    phaseOf: (key: string): FilePhase => phases[key] ?? { phase: 'waiting' },
    addFiles,
    removeFile,
    tagDraft,
    setTagDraft,
    submit: form.onSubmit((values) => void send(values)),
    cancel,
  };
}
