// A field people never see or fill in (display: none); bots that fill every input are refused
// by the action that reads it (docs/resilience-and-security.md).

/** `name`: HONEYPOT_FIELD (app/lib/listing-forms.ts) or ACCOUNT_HONEYPOT_FIELD (app/lib/account.ts). */
export function Honeypot({ name }: { name: string }) {
  return (
    <div className="hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
