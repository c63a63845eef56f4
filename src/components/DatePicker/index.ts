import { DatePicker as AntdDatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';

/**
 * antd's DatePicker, whose "now" is dayjs() itself. rc-picker's own getNow returns dayjs().tz() whenever the timezone
 * plugin is loaded (it is: exam times are shown in the exam's zone), and .tz() builds a new Intl formatter at each
 * call; the pickers ask for now many times per render, which cost 150 ms at 4x CPU on the exam list's date filter.
 * No default zone is ever set (dayjs.tz.setDefault), so both name the same instant in the browser's zone.
 */
const DatePicker = AntdDatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: () => dayjs() });

export default DatePicker;
