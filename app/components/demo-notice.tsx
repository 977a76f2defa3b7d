/**
 * Every page of a demo instance says that its inventory is generated (ADR 022); the
 * `demoInventoryNotice` flag turns it off for a real deployment.
 */
export function DemoNotice() {
  return (
    <div role="note" aria-label="Demo inventory" className="bg-amber-100 px-4 py-1.5 text-center text-xs text-amber-950">
      Demo site: the cars, dealers and prices here are generated for demonstration and are not for sale.
    </div>
  );
}
