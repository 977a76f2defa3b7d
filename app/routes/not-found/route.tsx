import { data } from "react-router";

// Unknown paths are a 404 in the site frame (rendered by the root ErrorBoundary).
export async function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
