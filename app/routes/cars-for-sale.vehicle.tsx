export default function Vehicle() {
  return null;
}
