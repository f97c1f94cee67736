import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UploadForm } from "~/components/upload/UploadForm";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import {
  submitUpload,
  uploadViewData,
  type UploadActionData,
} from "~/http/upload/upload-view.server";
import { alertDanger, alertWarning, narrowPanel } from "~/styles/global.css";

export const handle = { i18n: ["work"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("work.upload.meta")} | Arkiv` }];

export const loader = ({ request }: LoaderFunctionArgs) => uploadViewData(request);

export const action = ({ request }: ActionFunctionArgs) => submitUpload(request);

function Result({ data }: { data: UploadActionData }) {
  if (data.error !== undefined)
    return (
      <p role="alert" className={alertDanger}>
        {data.error}
      </p>
    );
  const { uploaded, failed } = data.outcome;
  return (
    <div role="alert" className={uploaded.length ? alertWarning : alertDanger}>
      <p>{data.summary}</p>
      <ul>
        {failed.map((f, i) => (
          <li key={i}>{f.message}</li>
        ))}
      </ul>
    </div>
  );
}

export default function UploadView() {
  const t = useT();
  const { targets, maxBytes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as UploadActionData | undefined;
  return (
    <section className={narrowPanel} aria-labelledby="upload-title">
      <h1 id="upload-title">{t("work.upload.title")}</h1>
      {result ? <Result data={result} /> : null}
      {targets.length > 0 ? (
        <UploadForm targets={targets} maxBytes={maxBytes} />
      ) : (
        <p>{t("work.upload.noTarget")}</p>
      )}
    </section>
  );
}
