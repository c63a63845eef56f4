import type { OrderStatus, RegistrationStatus } from '../../../../contract/booking';

/** Tag colours of registration and order states; antd's tag palettes keep their text at AA contrast. */
export const REGISTRATION_COLORS: Record<RegistrationStatus, string> = {
  pending: 'gold',
  register: 'green',
  checkin: 'blue',
  completed: 'default',
  canceled: 'red',
};

export const ORDER_COLORS: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'green',
  expired: 'default',
  canceled: 'red',
  refunded: 'purple',
};
