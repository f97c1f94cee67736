import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { panel } from "~/styles/global.css";
import { requireViewer } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Pins | Arkiv" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireViewer(request, { allowGuest: false });
  return json({});
}

export default function Pins() {
  return (
    <div>
      <h1>Pins</h1>
      <section className={panel} aria-label="Pinned items">
        <p>You have not pinned anything yet.</p>
        <p>
          <Link to="/fotoweb/">Go to the start page</Link>
        </p>
      </section>
    </div>
  );
}
