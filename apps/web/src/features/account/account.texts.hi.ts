import type { HindiTexts, Translation } from '../../lib/i18n';
import type { accountTexts } from './account.texts';

const texts = {
  userLogin: 'लॉग इन करें',
  loginLead: 'फिर से स्वागत है! ताज़ा सामान ऑर्डर करने के लिए लॉग इन करें।',
  newToMandi: 'मंडी पर नए हैं?',
  signUp: 'साइन अप करें',
  email: 'ईमेल',
  password: 'पासवर्ड',
  forgetPassword: 'पासवर्ड भूल गए?',
  login: 'लॉग इन',
  userRegister: 'रजिस्टर करें',
  registerLead: 'खाता बनाइए और ताज़ा सामान की मुफ़्त डिलीवरी पाइए।',
  alreadyRegistered: 'पहले से रजिस्टर हैं? लॉग इन करें',
  firstName: 'पहला नाम',
  lastName: 'उपनाम',
  confirmPassword: 'पासवर्ड दोबारा डालें',
  register: 'रजिस्टर करें',
  checkEmail: 'ईमेल देखें',
  close: 'बंद करें',
  forgetPasswordHeading: 'पासवर्ड भूल गए',
  forgotLead: 'अपने खाते का ईमेल डालें, हम नया पासवर्ड बनाने का लिंक भेज देंगे।',
  backToLogin: 'लॉग इन पर वापस जाएँ',
  sendLink: 'लिंक भेजें',
  resetPassword: 'नया पासवर्ड बनाएँ',
  resetLead: 'अपने खाते के लिए नया पासवर्ड चुनें।',
  updatePassword: 'पासवर्ड बदलें',
  updateLead: 'नया पासवर्ड चुनें। आपके दूसरे डिवाइस से लॉग आउट हो जाएगा।',
  newPassword: 'नया पासवर्ड',
  currentPassword: 'मौजूदा पासवर्ड',
  currentPasswordHint: 'अगर आपने 10 मिनट से पहले लॉग इन किया था, तो ज़रूरी है',
  hideField: '{field} छिपाएँ',
  showField: '{field} दिखाएँ',
  hide: 'छिपाएँ',
  show: 'दिखाएँ',
} satisfies Translation<typeof accountTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'account', texts }];
