// Who may use the operator screens (/operator/...): accounts listed in OPERATOR_EMAILS whose
// address is verified (docs/resilience-and-security.md, decisions 015 and 020). Anyone else gets a
// 404: the screens are not advertised.
import { data } from "react-router";
import { getEnv } from "../env.server.ts";
import { getSessionUser } from "./session.server.ts";

export async function requireOperator(request: Request): Promise<string> {
  const user = await getSessionUser(request);
  // The address must be verified: claiming an operator's address at sign-up grants nothing.
  if (!user || !user.emailVerified || !getEnv().OPERATOR_EMAILS.includes(user.email.toLowerCase())) {
    throw data("Not found", { status: 404 });
  }
  return user.email;
}
