import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundPage />;
}
