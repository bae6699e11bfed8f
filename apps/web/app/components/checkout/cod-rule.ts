import type { CodOffer } from "@store/shared";
import type { ApiState } from "../../lib/use-api-get";

/**
 * Cash on delivery as the checkout offers it: the courier's answer first (no cash at this PIN code), then the
 * seller's rules (decision 093): refused with their sentence, or allowed with an advance paid online now. A
 * rules call that fails or is still on its way offers it; create-order checks the rules again.
 */
export function cashOnDeliveryByRule(
  courier: { cod: boolean; refusedAt: string | null },
  rule: ApiState<CodOffer>,
): { cod: boolean; codSentence: string | null; codAdvance: string | null } {
  if (courier.refusedAt)
    return {
      cod: false,
      codSentence: `Cash on delivery is not available at PIN code ${courier.refusedAt}: please pay online.`,
      codAdvance: null,
    };
  const answer = courier.cod && rule.status === "success" ? rule.data : null;
  if (answer?.cod === "refused") return { cod: false, codSentence: answer.sentence, codAdvance: null };
  return { cod: courier.cod, codSentence: null, codAdvance: answer?.cod === "advance" ? answer.sentence : null };
}
