/** The search's other parameters, carried by a GET form that shows only some of them. */
export function HiddenInputs({ entries }: { entries: [string, string][] }) {
  return (
    <>
      {entries.map(([name, value], i) => (
        <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
