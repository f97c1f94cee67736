import type { UploadLimits } from "~/models/upload/upload.schema";
import { DropZone } from "react-aria-components/DropZone";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { Heading } from "react-aria-components/Heading";
import { Label } from "react-aria-components/Label";
import { ProgressBar } from "react-aria-components/ProgressBar";
import { Text } from "react-aria-components/Text";
import { isFileDropItem } from "react-aria-components/useDrop";
import type { DropItem } from "react-aria-components/useDragAndDrop";
import { uploadSummary } from "~/models/upload/upload.schema";
import { alertDanger, alertInfo, alertWarning } from "~/styles/global.css";
import { formatBytes } from "~/utils/format";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import type { UploadItem, useUploadQueue } from "./upload-queue";
import * as css from "./upload.css";

export interface UploadTarget {
  id: number;
  name: string;
  href: string;
  /** The archive's client-side resize and limits (decision 043); null: none. */
  limits: UploadLimits | null;
}

type Queue = ReturnType<typeof useUploadQueue>;

const STATUS_TEXT: Record<UploadItem["status"], string> = {
  queued: "Waiting",
  uploading: "Uploading",
  done: "Uploaded; processing on the server",
  failed: "Failed",
  cancelled: "Cancelled",
};

function FileRow({ item, queue }: { item: UploadItem; queue: Queue }) {
  const { status, file } = item;
  return (
    <li className={css.file} data-status={status}>
      <span className={css.fileName}>{file.name}</span>
      {status === "queued" && !queue.state.running ? (
        <Button
          variant="quiet"
          aria-label={`Remove ${file.name}`}
          onPress={() => queue.remove(item.key)}
        >
          Remove
        </Button>
      ) : status === "queued" || status === "uploading" ? (
        <Button
          variant="quiet"
          aria-label={`Cancel ${file.name}`}
          onPress={() => queue.cancel(item.key)}
        >
          Cancel
        </Button>
      ) : (
        <span />
      )}
      {status === "uploading" ? (
        <ProgressBar
          className={css.progress}
          value={Math.min(item.loaded, file.size)}
          maxValue={file.size || 1}
          aria-label={`Uploading ${file.name}`}
          valueLabel={`${formatBytes(Math.min(item.loaded, file.size))} of ${formatBytes(file.size)}`}
        >
          {({ percentage, valueText }) => (
            <>
              <div className={css.track}>
                <div className={css.fill} style={{ width: `${percentage ?? 0}%` }} />
              </div>
              <span className={css.fileStatus}>{valueText}</span>
            </>
          )}
        </ProgressBar>
      ) : status === "failed" ? (
        <span className={css.fileError}>{item.message}</span>
      ) : (
        <span className={css.fileStatus}>
          {STATUS_TEXT[status]} · {formatBytes(file.size)}
        </span>
      )}
    </li>
  );
}

async function droppedFiles(items: DropItem[]): Promise<File[]> {
  return Promise.all(items.filter(isFileDropItem).map((i) => i.getFile()));
}

export interface UploadWidgetProps {
  targets: UploadTarget[];
  targetId: number;
  onTargetChange: (id: number) => void;
  maxBytes: number;
  queue: Queue;
  /** Set once a batch ended with failures (the partial or failed result alert). */
  failureSummary: { succeeded: number; total: number } | null;
  /** Shown when a batch ended with nothing uploaded, just before the popover closes. */
  nothingUploaded: boolean;
  onClose: () => void;
}

/** The upload popover's content: target, files, per-file progress, the result and Retry. */
export function UploadWidget(props: UploadWidgetProps) {
  const { targets, targetId, queue, failureSummary } = props;
  const { state } = queue;
  const target = targets.find((t) => t.id === targetId) ?? targets[0]!;
  const queued = state.items.filter((i) => i.status === "queued").length;
  const failed = state.items.filter((i) => i.status === "failed");
  return (
    <>
      <Heading slot="title" className={css.title}>
        Upload
      </Heading>
      {targets.length > 1 ? (
        <RadioGroupField
          label="Upload to"
          value={String(target.id)}
          onChange={(v) => props.onTargetChange(Number(v))}
          isDisabled={state.running}
          options={targets.map((t) => ({ value: String(t.id), label: t.name }))}
        />
      ) : (
        <p>
          Upload to <strong>{target.name}</strong>
        </p>
      )}
      <DropZone
        className={css.dropZone}
        aria-label="Drop files to upload"
        onDrop={(e) => void droppedFiles(e.items).then(queue.add)}
      >
        <FileTrigger allowsMultiple onSelect={(list) => list && queue.add(Array.from(list))}>
          <Button variant="secondary">Choose files…</Button>
        </FileTrigger>
        <Text slot="label">
          or drop them here. Up to {formatBytes(props.maxBytes)} a file: photos, video, audio and
          documents.
        </Text>
      </DropZone>
      {state.items.length > 0 ? (
        <div>
          <Label id="upload-file-list">Files</Label>
          <ul className={css.files} aria-labelledby="upload-file-list">
            {state.items.map((item) => (
              <FileRow key={item.key} item={item} queue={queue} />
            ))}
          </ul>
        </div>
      ) : null}
      {failureSummary ? (
        <div role="alert" className={failureSummary.succeeded ? alertWarning : alertDanger}>
          {uploadSummary(failureSummary.succeeded, failureSummary.total, target.name)}
        </div>
      ) : null}
      {props.nothingUploaded ? (
        <p role="status" className={alertInfo}>
          Nothing was uploaded.
        </p>
      ) : null}
      <div className={css.actions}>
        {failed.length > 0 && !state.running ? (
          <Button variant="secondary" onPress={queue.retry}>
            Retry {failed.length === 1 ? "the failed file" : `${failed.length} failed files`}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={props.onClose} isDisabled={state.running}>
          Close
        </Button>
        <Button onPress={queue.start} isDisabled={state.running || queued === 0}>
          {state.running
            ? "Uploading…"
            : queued === 0
              ? "Upload"
              : `Upload ${queued === 1 ? "1 file" : `${queued} files`}`}
        </Button>
      </div>
    </>
  );
}
