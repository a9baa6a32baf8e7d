/**
 * The WhatsApp utility templates' bodies in Hindi (decision 0045), submitted in WhatsApp Manager
 * under the same names with the language `hi`; the parameters are the English templates' ones.
 */
import type { NotificationTemplate } from '@mandi/shared/schemas';

export const TEMPLATE_TEXTS_HI: Record<NotificationTemplate, string> = {
  order_placed: 'नमस्ते {{1}}, {{4}} में आपका ऑर्डर {{2}} दर्ज हो गया है। अनुमानित राशि {{3}} है; अंतिम बिल तौल के बाद आएगा।',
  order_packed: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} पैक हो गया है। अंतिम बिल {{3}} का है। बिल देखें: {{4}}',
  order_out_for_delivery: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} डिलीवरी के लिए निकल चुका है। देय राशि {{3}} है।',
  order_cancelled: 'नमस्ते {{1}}, {{3}} ने आपका ऑर्डर {{2}} रद्द कर दिया है। इसके लिए कुछ देय नहीं है।',
  khata_reminder: 'नमस्ते {{1}}, {{2}} के खाते में आपके {{3}} बाक़ी हैं। सुविधा से चुका दें। धन्यवाद!',
  standing_order_missed: 'नमस्ते {{1}}, {{2}} को आपके नियमित ऑर्डर का कुछ हिस्सा नहीं आएगा: {{3}}।',
  shop_closed_notice: 'नमस्ते {{1}}, {{2}} {{3}} को बंद है: उस दिन आपके नियमित ऑर्डर नहीं आएँगे। उसके बाद वे आते रहेंगे।',
};
