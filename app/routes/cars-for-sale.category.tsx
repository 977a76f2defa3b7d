// Category paths of the results page (/cars-for-sale/{condition}/{body-style}/{make}/{model}/
// {trim}/{year}): the same page as /cars-for-sale. The URL module reads the path; an unknown
// segment is a 404.
export { action, default, ErrorBoundary, headers, loader, meta } from "./cars-for-sale";
