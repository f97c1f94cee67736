import type { UploadLimits } from "~/models/upload/upload.schema";
import { DropZone } from "react-aria-components/DropZone";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { Heading } from "react-aria-components/Heading";
import { Label } from "react-aria-components/Label";
import { ProgressBar } from "react-aria-components/ProgressBar";
import { Text } from "react-aria-components/Text";
import { isFileDropItem } from "react-aria-components/useDrop";
import type { DropItem } from "react-aria-components/useDragAndDrop";
import { alertDanger, alertInfo, alertWarning } from "~/styles/global.css";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
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

function FileRow({ item, queue }: { item: UploadItem; queue: Queue }) {
  const t = useT();
  const { bytes } = useFormat();
  const { status, file } = item;
  return (
    <li className={css.file} data-status={status}>
      <span className={css.fileName}>{file.name}</span>
      {status === "queued" && !queue.state.running ? (
        <Button
          variant="quiet"
          aria-label={t("work.upload.removeLabel", { name: file.name })}
          onPress={() => queue.remove(item.key)}
        >
          {t("work.upload.remove")}
        </Button>
      ) : status === "queued" || status === "uploading" ? (
        <Button
          variant="quiet"
          aria-label={t("work.upload.cancelLabel", { name: file.name })}
          onPress={() => queue.cancel(item.key)}
        >
          {t("work.upload.cancel")}
        </Button>
      ) : (
        <span />
      )}
      {status === "uploading" ? (
        <ProgressBar
          className={css.progress}
          value={Math.min(item.loaded, file.size)}
          maxValue={file.size || 1}
          aria-label={t("work.upload.progressLabel", { name: file.name })}
          valueLabel={t("work.upload.progressValue", {
            loaded: bytes(Math.min(item.loaded, file.size)),
            size: bytes(file.size),
          })}
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
          {t("work.upload.status", { status, size: bytes(file.size) })}
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
  const t = useT();
  const { bytes } = useFormat();
  const { targets, targetId, queue, failureSummary } = props;
  const { state } = queue;
  const target = targets.find((t) => t.id === targetId) ?? targets[0]!;
  const queued = state.items.filter((i) => i.status === "queued").length;
  const failed = state.items.filter((i) => i.status === "failed");
  return (
    <>
      <Heading slot="title" className={css.title}>
        {t("work.upload.title")}
      </Heading>
      {targets.length > 1 ? (
        <RadioGroupField
          label={t("work.upload.to")}
          value={String(target.id)}
          onChange={(v) => props.onTargetChange(Number(v))}
          isDisabled={state.running}
          options={targets.map((t) => ({ value: String(t.id), label: t.name }))}
        />
      ) : (
        <p>
          <Msg
            id="work.upload.toArchive"
            values={{ archive: target.name }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      <DropZone
        className={css.dropZone}
        aria-label={t("work.upload.dropLabel")}
        onDrop={(e) => void droppedFiles(e.items).then(queue.add)}
      >
        <FileTrigger allowsMultiple onSelect={(list) => list && queue.add(Array.from(list))}>
          <Button variant="secondary">{t("work.upload.choose")}</Button>
        </FileTrigger>
        <Text slot="label">{t("work.upload.dropHint", { size: bytes(props.maxBytes) })}</Text>
      </DropZone>
      {state.items.length > 0 ? (
        <div>
          <Label id="upload-file-list">{t("work.upload.files")}</Label>
          <ul className={css.files} aria-labelledby="upload-file-list">
            {state.items.map((item) => (
              <FileRow key={item.key} item={item} queue={queue} />
            ))}
          </ul>
        </div>
      ) : null}
      {failureSummary ? (
        <div role="alert" className={failureSummary.succeeded ? alertWarning : alertDanger}>
          {t("work.upload.summary", { ...failureSummary, archive: target.name })}
        </div>
      ) : null}
      {props.nothingUploaded ? (
        <p role="status" className={alertInfo}>
          {t("work.upload.nothing")}
        </p>
      ) : null}
      <div className={css.actions}>
        {failed.length > 0 && !state.running ? (
          <Button variant="secondary" onPress={queue.retry}>
            {t("work.upload.retry", { count: failed.length })}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={props.onClose} isDisabled={state.running}>
          {t("work.upload.close")}
        </Button>
        <Button onPress={queue.start} isDisabled={state.running || queued === 0}>
          {state.running
            ? t("work.upload.uploading")
            : queued === 0
              ? t("work.upload.submit")
              : t("work.upload.start", { count: queued })}
        </Button>
      </div>
    </>
  );
}
