import type { AppOcrMessages } from './ocr-en.ts';

/** Patient app: reading a device's screen from a photo (Vietnamese). */
export const appOcrVi: AppOcrMessages = {
  open: 'Đọc từ ảnh chụp',
  title: 'Đọc chỉ số từ ảnh chụp',
  intro: 'Chọn thiết bị, rồi chụp hoặc chọn ảnh màn hình của thiết bị. Bạn kiểm tra các giá trị trước khi lưu.',
  device: 'Thiết bị',
  devices: {
    bp_monitor: 'Máy đo huyết áp',
    glucometer: 'Máy đo đường huyết',
    scale: 'Cân',
    thermometer: 'Nhiệt kế',
    oximeter: 'Máy đo SpO2',
  },
  takePhoto: 'Chụp hoặc chọn ảnh',
  photoInput: 'Ảnh màn hình thiết bị',
  preview: 'Ảnh màn hình',
  reading: 'Đang đọc các giá trị…',
  cannotDetect:
    'OCR không nhận diện được dữ liệu. Hãy chụp lại thẳng góc, thấy rõ toàn bộ màn hình, hoặc nhập các giá trị bằng tay.',
  failed: 'Không mở được ảnh. Hãy thử ảnh khác.',
  filled: 'Đã đọc các giá trị từ ảnh. Hãy kiểm tra, sửa nếu cần, rồi lưu.',
};
