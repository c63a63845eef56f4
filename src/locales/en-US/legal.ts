/** `{minutes}` is the default arrival lead time and `{hours}` the change lock, both from src/constants.ts. */
export default {
  'pages.legal.terms.title': 'Terms of use',
  'pages.legal.terms.intro':
    'These terms govern your use of Exam Ability, the online registration service of the company named at the bottom of this page. By logging in you accept them.',
  'pages.legal.terms.account.title': 'Your account',
  'pages.legal.terms.account.body':
    'You log in with a mainland China mobile number and a one-time code sent to it. Your first login creates the account. Keep your phone safe and never tell anyone a code: whoever has the code can act in your name.',
  'pages.legal.terms.registration.title': 'Registration and payment',
  'pages.legal.terms.registration.body':
    'Only individual candidates can register for an exam; test centers and examiners use their accounts to run exams. Your seat is held while you pay by scanning the QR code with your mobile wallet, and the registration is confirmed when the payment arrives. An unpaid seat is released when the hold ends.',
  'pages.legal.terms.examDay.title': 'On the day of the exam',
  'pages.legal.terms.examDay.body':
    'Bring the identity card that matches your profile and your ticket. Arrive at the test center at least the lead time shown on your ticket before the start ({minutes} minutes unless the exam says otherwise). Candidates without both documents, or who arrive late, may be refused entry.',
  'pages.legal.terms.changes.title': 'Changes and cancellations',
  'pages.legal.terms.changes.body':
    'You can change the exam date or cancel a registration until {hours} hours before the exam starts. Within {hours} hours of the exam the registration is locked and can no longer be changed or cancelled.',
  'pages.legal.terms.refunds.title': 'Refunds',
  'pages.legal.terms.refunds.body':
    'When you cancel before the lock, the fee is refunded to the wallet you paid with. When a test center cancels an exam, you receive a full refund or may move to another date. No refund is made for a missed exam or a cancellation request inside the lock.',
  'pages.legal.terms.conduct.title': 'Honest use',
  'pages.legal.terms.conduct.body':
    'Give true information about yourself and register only in your own name, or for a group you are entitled to register. Impersonation or cheating leads to exclusion from the exam and withheld results.',
  'pages.legal.terms.updates.title': 'Changes to these terms',
  'pages.legal.terms.updates.body':
    'We may update these terms. The version shown here applies; registrations already paid keep the conditions that applied when they were made.',
  'pages.legal.privacy.title': 'Privacy policy',
  'pages.legal.privacy.intro':
    'This policy explains which personal data Exam Ability uses, why, who sees it and how long it is kept.',
  'pages.legal.privacy.collected.title': 'What we collect',
  'pages.legal.privacy.collected.body':
    'Your phone number; the profile you fill in (name, gender, date of birth, ID card number, address, email, organization, photo); your registrations, tickets, results and certificate numbers; the payments and refunds of your orders; and technical records such as IP addresses of requests.',
  'pages.legal.privacy.purpose.title': 'Why we use it',
  'pages.legal.privacy.purpose.body':
    'To log you in, to identify you at check-in, to issue tickets, results and certificates, to take payments and make refunds, and to protect the service against abuse. We do not use your data for advertising and we do not sell it.',
  'pages.legal.privacy.sharing.title': 'Who sees it',
  'pages.legal.privacy.sharing.body':
    'The test center and the examiner of your exam see what they need to check you in and mark the exam. The SMS provider receives your phone number to deliver codes; the payment provider receives the order number and amount, never your wallet credentials.',
  'pages.legal.privacy.retention.title': 'How long we keep it',
  'pages.legal.privacy.retention.body':
    'Profile data is kept while your account exists. Registrations, results and certificate numbers are kept so certificates can be verified later. Payment records are kept as long as accounting law requires. One-time codes expire within minutes and technical records are deleted after a short time.',
  'pages.legal.privacy.browser.title': 'What your browser stores',
  'pages.legal.privacy.browser.body':
    'Your browser keeps your login token, your account type, the exam you selected and your language choice. Logging out removes the token and ends the session on the server. We use no advertising cookies.',
  'pages.legal.privacy.rights.title': 'Your rights',
  'pages.legal.privacy.rights.body':
    'You can view and correct your profile at any time. You can ask your test center to delete your account; records the law requires us to keep are deleted when that duty ends.',
  'pages.legal.risk.title': 'Risk agreement',
  'pages.legal.risk.intro': 'Please read these points before you register. Registering means you understand them.',
  'pages.legal.risk.documents.title': 'Identity documents',
  'pages.legal.risk.documents.body':
    'You must show your identity card and your ticket to be admitted. Without them you can be refused, and the fee is not refunded.',
  'pages.legal.risk.arrival.title': 'Arrival time',
  'pages.legal.risk.arrival.body':
    'Arrive at least the lead time shown on your ticket before the exam starts ({minutes} minutes unless the exam says otherwise). Check-in closes at the start, and late candidates may be refused.',
  'pages.legal.risk.lock.title': 'Change and cancellation lock',
  'pages.legal.risk.lock.body':
    'Within {hours} hours of the exam, a registration can no longer be changed or cancelled. Plan ahead if your schedule may change.',
  'pages.legal.risk.payment.title': 'Payment',
  'pages.legal.risk.payment.body':
    'Pay only through the QR code shown on this site and check the amount in your wallet before confirming. A seat is only yours when the payment arrives; an unpaid seat is released when its hold ends.',
  'pages.legal.risk.cancellation.title': 'Exams cancelled by the test center',
  'pages.legal.risk.cancellation.body':
    'A test center may have to cancel or move an exam, for example for safety reasons. You are then informed and receive a full refund or a seat on another date.',
  'pages.legal.risk.results.title': 'Results',
  'pages.legal.risk.results.body':
    'Results are decided by the examiners under the rules of the exam. Questions about a result go to the test center that held the exam.',
};
