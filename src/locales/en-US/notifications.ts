/** The in-app notification list (/home/notifications) and the profile's notification settings. */
export default {
  'pages.notifications.title': 'Notifications',
  'pages.notifications.unread': '{count} unread',
  'pages.notifications.markAllRead': 'Mark all as read',
  'pages.notifications.markedAllRead': 'All notifications are marked as read.',
  'pages.notifications.empty': 'You have no notifications yet.',
  'pages.notifications.loadFailed': 'Your notifications could not be loaded.',
  'pages.notifications.retry': 'Try again',
  'pages.notifications.new': 'New',
  'pages.notifications.open': 'Open',
  'pages.notifications.markRead': 'Mark as read',
  'pages.profile.notifications.title': 'Notifications',
  'pages.profile.notifications.intro':
    'Notifications always appear in the app. Choose where else we tell you about your bookings, reminders and results.',
  'pages.profile.notifications.sms': 'Text messages (SMS)',
  'pages.profile.notifications.sms.help': 'No text messages are sent between 22:00 and 08:00, except login codes.',
  'pages.profile.notifications.email': 'E-mail',
  'pages.profile.notifications.email.help': 'Sent to {email}.',
  'pages.profile.notifications.email.missing': 'Add an e-mail address to your profile to get notifications by e-mail.',
  'pages.profile.notifications.saved': 'Notification settings saved.',
  'pages.profile.notifications.loadFailed': 'Your notification settings could not be loaded.',
};
