import { bankTransferPlugin } from "./bank-transfer-plugin";
import { paypalPlugin } from "./paypal";
import { razorpayPlugin } from "./razorpay";
import { checkedProviders } from "./registry";

/**
 * The payment providers this store takes, in the order the checkout offers them: adding one is its
 * adapter file (declaring a `PaymentProviderPlugin`), its simulator and one line here (decision 065).
 */
export const PAYMENT_PROVIDERS = checkedProviders([razorpayPlugin, paypalPlugin, bankTransferPlugin]);
