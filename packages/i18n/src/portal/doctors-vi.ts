/** Portal catalogue, domain "doctors" (Vietnamese). */
export const doctorsVi = {
  nav: { directory: 'Danh bạ bác sĩ', doctorRequests: 'Yêu cầu bác sĩ', patientRequests: 'Yêu cầu bệnh nhân' },
  directory: {
    title: 'Danh bạ bác sĩ',
    subtitle: 'Các bác sĩ thuộc cơ sở y tế của bạn với chuyên khoa, chi nhánh và hồ sơ.',
    name: 'Họ tên', specialty: 'Chuyên khoa', center: 'Chi nhánh', all: 'Tất cả', degree: 'Học vị', type: 'Vai trò', cost: 'Phí khám', experience: 'Kinh nghiệm',
    years: '{{count}} năm', table: 'Bác sĩ', empty: 'Không có bác sĩ nào phù hợp bộ lọc.', open: 'Mở hồ sơ của {{name}}', total: '{{count}} bác sĩ',
    myProfile: 'Hồ sơ bác sĩ của tôi', previous: 'Trang trước', next: 'Trang sau', page: 'Trang {{page}}/{{pages}}',
  },
  profile: {
    back: 'Quay lại danh bạ', notFound: 'Bác sĩ này không tồn tại hoặc nằm ngoài phạm vi của bạn.', edit: 'Sửa hồ sơ', save: 'Lưu hồ sơ',
    cancel: 'Hủy', saved: 'Đã lưu hồ sơ', branch: 'Chi nhánh', email: 'E-mail', phone: 'Điện thoại', office: 'Phòng khám', introduction: 'Giới thiệu',
    education: 'Nơi đào tạo', none: '—', avatar: 'Ảnh của {{name}}',
  },
  licenses: {
    title: 'Giấy phép hành nghề', expiredRefused: 'Không thể thêm giấy phép đã hết hạn.', loadFailed: 'Không tải được giấy phép hành nghề.',
  },
  requests: {
    doctorTitle: 'Yêu cầu bác sĩ',
    doctorSubtitle: 'Đề nghị một bác sĩ nhận bệnh nhân làm bác sĩ gia đình hoặc chuyên khoa: yêu cầu bạn đã gửi và yêu cầu bạn nhận với tư cách bác sĩ.',
    patientTitle: 'Yêu cầu bệnh nhân',
    patientSubtitle: 'Yêu cầu giữa bạn và bệnh nhân: bệnh nhân gửi cho bạn từ ứng dụng và bệnh nhân bạn đã mời.',
    tabs: 'Danh sách yêu cầu', sent: 'Đã gửi', received: 'Đã nhận', statusFilter: 'Trạng thái', all: 'Tất cả',
    patient: 'Bệnh nhân', doctor: 'Bác sĩ', kind: 'Loại', status: 'Trạng thái', requestedBy: 'Người gửi', createdAt: 'Thời gian gửi', actions: 'Thao tác',
    kinds: { family_doctor: 'Bác sĩ gia đình', specialist: 'Bác sĩ chuyên khoa' },
    statuses: { pending: 'Đang chờ', accepted: 'Đã chấp nhận', rejected: 'Đã từ chối', cancelled: 'Đã hủy', removed: 'Đã kết thúc' },
    accept: 'Chấp nhận', reject: 'Từ chối', cancel: 'Hủy yêu cầu',
    acceptLabel: 'Chấp nhận yêu cầu cho {{patient}}', rejectLabel: 'Từ chối yêu cầu cho {{patient}}', cancelLabel: 'Hủy yêu cầu cho {{patient}}',
    empty: 'Không có yêu cầu nào.', accepted: 'Đã chấp nhận yêu cầu', rejected: 'Đã từ chối yêu cầu', cancelled: 'Đã hủy yêu cầu',
    confirmTitle: 'Chấp nhận yêu cầu này?',
    confirmReplace: '{{patient}} đã có bác sĩ. Khi chấp nhận, {{doctors}} sẽ bị hủy phân công và bạn trở thành bác sĩ gia đình.',
    confirmPlain: 'Bạn sẽ trở thành {{kind}} của {{patient}}.',
    confirm: 'Chấp nhận', back: 'Quay lại',
    newDoctor: 'Tạo yêu cầu bác sĩ', newPatient: 'Mời bệnh nhân',
    newDoctorTitle: 'Đề nghị bác sĩ nhận bệnh nhân', newPatientTitle: 'Mời bệnh nhân nhận bạn làm bác sĩ',
    patientSearch: 'Bệnh nhân', patientPlaceholder: 'Nhập tên, mã hoặc số điện thoại', doctorPick: 'Bác sĩ', specialty: 'Chuyên khoa', send: 'Gửi yêu cầu', sentOk: 'Đã gửi yêu cầu',
  },
};
