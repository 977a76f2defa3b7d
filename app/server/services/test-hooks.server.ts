// Failures the browser journeys' test hooks make on purpose (E2E_FAIL_RESEARCH_MODEL for one make
// and model's research services, E2E_FAIL_CERTIFIED_SPONSOR_VISITOR for one visitor's sponsor
// content; unset outside the journeys, so never thrown there). The call still fails and the page
// degrades as the error catalogue says, but the breaker does not count it
// (app/server/services/calls.server.ts): one journey's model failing on purpose must not open the
// service's breaker for every other journey's model running beside it (docs/resilience-and-security.md).
export class HookedFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HookedFailure";
    // The message says all; a stack would only fill the journeys' logs.
    this.stack = message;
  }
}
