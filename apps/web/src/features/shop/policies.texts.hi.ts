import type { HindiTexts, Translation } from '../../lib/i18n';
import type { policiesTexts } from './policies.texts';

const texts = {
  returns: 'वापसी नीति',
  refunds: 'रिफ़ंड नीति',
  delivery: 'डिलीवरी नीति',
  privacy: 'निजता नीति',
  terms: 'नियम और शर्तें',
  grievance: 'शिकायत निवारण',
  policiesNav: 'हमारी नीतियाँ',
  seller: 'विक्रेता: {legalName}, {address}, {state}।',
  grievanceIntro:
    'अगर किसी ऑर्डर, डिलीवरी, बिल या आपके खाते में कुछ गड़बड़ हुई हो, तो हमें बताएँ। भारत के उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 हर ऑनलाइन विक्रेता से यही माँगते हैं:',
  ruleTicket: 'हर शिकायत को एक टिकट नंबर मिलता है, ताकि आप उसकी खबर ले सकें;',
  ruleAcknowledge: 'हम 48 घंटे के भीतर आपकी शिकायत की पावती देते हैं;',
  ruleResolve: 'हम शिकायत मिलने के एक महीने के भीतर उसे सुलझाते हैं।',
  officerTitle: 'हमारे शिकायत अधिकारी',
  name: 'नाम',
  email: 'ईमेल',
  phone: 'फ़ोन',
  noOfficer: 'दुकान ने अभी अपने शिकायत अधिकारी का नाम नहीं दिया है। कृपया सीधे दुकान को लिखें:',
  reportTitle: 'समस्या बताएँ',
  reportText: 'लॉग इन करके अपने खाते से समस्या बताएँ: आपको तुरंत उसका टिकट नंबर मिलेगा, और हमारा जवाब वहीं और मेल से।',
  reportLink: 'समस्या बताएँ',
} satisfies Translation<typeof policiesTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'policies', texts }];
