import type { AppDoctorsMessages } from './doctors-en.ts';

/** Patient app: "Add doctor" search (Vietnamese). */
export const appDoctorsVi: AppDoctorsMessages = {
  search: {
    title: 'Tìm bác sĩ',
    label: 'Tìm bác sĩ',
    placeholder: 'Mã, e-mail, họ tên, chuyên khoa hoặc địa chỉ',
    hint: 'Tìm theo mã, e-mail, họ tên, chuyên khoa hoặc địa chỉ, hoặc tìm bác sĩ gần bạn.',
    submit: 'Tìm',
    nearMe: 'Gần tôi',
    locating: 'Đang xác định vị trí của bạn…',
    denied: 'Không lấy được vị trí. Hãy cho phép truy cập vị trí để tìm bác sĩ gần bạn, hoặc tìm theo tên.',
    unsupported: 'Thiết bị này không chia sẻ được vị trí. Hãy tìm theo tên.',
    results: 'Bác sĩ tìm được',
    nearResults: 'Bác sĩ gần bạn, gần nhất trước',
    empty: 'Không có bác sĩ nào phù hợp.',
    distance: 'Cách {{km}} km',
    cost: 'Phí khám: {{cost}}',
    experience: '{{count}} năm kinh nghiệm',
    askFamily: 'Mời làm bác sĩ gia đình',
    askSpecialist: 'Mời làm bác sĩ chuyên khoa',
    askFamilyLabel: 'Mời {{name}} làm bác sĩ gia đình của bạn',
    askSpecialistLabel: 'Mời {{name}} làm bác sĩ chuyên khoa của bạn',
    specialtyFor: 'Chuyên khoa của {{name}}',
    send: 'Gửi yêu cầu',
    byPhone: 'Hoặc thêm bác sĩ bằng số điện thoại',
    types: { family: 'Bác sĩ gia đình', specialist: 'Bác sĩ chuyên khoa' },
  },
};
