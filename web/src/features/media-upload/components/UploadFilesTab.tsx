import { Button, Group, Stack, Switch, TagsInput, Textarea } from '@mantine/core';
import { normalizeTags } from '../../../lib/tags';
import { uploadText as t } from '../strings';
import { FileDropzone } from './FileDropzone';
import { UploadFileRow } from './UploadFileRow';
import { UploadSummary } from './UploadSummary';
import { useUploadFiles } from './useUploadFiles';
import classes from './UploadFilesTab.module.css';

interface UploadFilesTabProps {
  athleteId: number;
  /** Cancel with nothing in flight closes the dialog. */
  onClose: () => void;
  /** Already chosen when the tab opens: files shared to the app from the phone. */
  initialFiles?: File[];
}

/**
 * Upload Files: choose or drop files, title and date each (the date starts at the file's own), describe them once, and send them one after another;
 * then what was uploaded, until "Upload more" or "Done" (which closes the dialog).
 */
export function UploadFilesTab({ athleteId, onClose, initialFiles }: UploadFilesTabProps) {
  const { form, busy, summary, startOver, keepBoth, skip, phaseOf, addFiles, removeFile, tagDraft, setTagDraft, submit, cancel } =
    useUploadFiles(athleteId, initialFiles);
  const { files } = form.getValues();
  const filesError = form.errors.files;

  if (summary) return <UploadSummary summary={summary} onUploadMore={startOver} onDone={onClose} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FileDropzone
          athleteId={athleteId}
          onFiles={addFiles}
          disabled={busy}
          error={typeof filesError === 'string' ? filesError : undefined}
        />
        {files.map((row, i) => (
          <UploadFileRow
            key={row.key}
            file={row.file}
            phase={phaseOf(row.key)}
            titleProps={form.getInputProps(`files.${i}.title`)}
            dateProps={form.getInputProps(`files.${i}.date`)}
            dateFromFile={row.fileDate !== null && row.fileDate === row.date}
            disabled={busy}
            onRemove={() => removeFile(row.key)}
            onKeepBoth={() => keepBoth(row.key)}
            onSkip={() => skip(row.key)}
          />
        ))}
        <Textarea
          label={t.description}
          placeholder={t.descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={5}
          disabled={busy}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label={t.tags}
          placeholder={t.tagsPlaceholder}
          splitChars={[',']}
          searchValue={tagDraft}
          onSearchChange={setTagDraft}
          acceptValueOnBlur={false}
          clearable
          disabled={busy}
          {...form.getInputProps('tags')}
          onChange={(value) => form.setFieldValue('tags', normalizeTags(value))}
        />
        <Switch
          label={t.keepPrivate}
          description={t.keepPrivateDescription}
          disabled={busy}
          {...form.getInputProps('isPrivate', { type: 'checkbox' })}
        />
        {/* Kept in view at the foot of the dialog: after choosing files on a phone, the list and the
            fields push the actions below the fold. */}
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          <Button variant="default" onClick={busy ? cancel : onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.submit(files.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
