import type { AppHelpMessages } from './help-en.ts';

/** Patient app: quyền truy cập, hướng dẫn, hỏi đáp về ngưng thở khi ngủ và hướng dẫn sử dụng thiết bị (Vietnamese). */
export const appHelpVi: AppHelpMessages = {
  link: 'Trợ giúp, hướng dẫn và hỏi đáp',
  title: 'Trợ giúp và hướng dẫn',
  intro: 'Hướng dẫn sử dụng, giải đáp về ngưng thở khi ngủ và hướng dẫn sử dụng đồng hồ.',
  search: 'Tìm trong trợ giúp',
  searchPlaceholder: 'Ví dụ: người theo dõi, pin',
  found: 'Số mục tìm thấy: {{count}}',
  noResults: 'Không có mục nào khớp với "{{query}}". Hãy thử từ khác.',
  guides: 'Hướng dẫn',
  faq: 'Hỏi đáp về ngưng thở khi ngủ',
  manual: 'Hướng dẫn sử dụng thiết bị',
  about: 'Quyền riêng tư và điều khoản',
  permissionsLink: 'Kiểm tra quyền của ứng dụng',
  entries: {
    alerts: {
      title: 'Cảnh báo sức khỏe hoạt động thế nào',
      body: 'Mỗi số đo được so với ngưỡng do bác sĩ đặt và được xếp mức: bình thường, có nguy cơ, nguy cơ cao hoặc SOS.\nỞ mức nguy cơ cao, ứng dụng yêu cầu bạn xác nhận trong 15 giây (có thể đổi thời gian này trong Cảnh báo); nếu không có trả lời, ứng dụng gửi SOS.\nNút SOS đếm ngược 5 giây trước khi gửi, nên có thể hủy nếu bấm nhầm.\nSOS gửi các chỉ số sức khỏe và vị trí của bạn cho người liên hệ khẩn cấp và trung tâm y tế của bạn.\nĐặt ngưỡng, tự động phát hiện và tin nhắn SOS trong Cảnh báo.',
    },
    addFollower: {
      title: 'Thêm người theo dõi',
      body: 'Người theo dõi là người thân hoặc người chăm sóc: người liên hệ khẩn cấp được báo khi bạn cần giúp, người chăm sóc còn theo dõi dữ liệu sức khỏe của bạn.\nMở Danh bạ và chạm Thêm người theo dõi.\nNhập số điện thoại của họ, hoặc để họ quét mã QR của bạn (Danh bạ, Mã QR của tôi).\nHọ chấp nhận yêu cầu trong ứng dụng của họ; trước đó yêu cầu nằm trong Yêu cầu, Đã gửi. Bạn có thể gửi lại sau 5 phút.\nTối đa 3 thành viên được xem dữ liệu sức khỏe và vị trí của bạn.',
    },
    shareData: {
      title: 'Chia sẻ dữ liệu sức khỏe',
      body: 'Nhân viên y tế của trung tâm y tế của bạn tự động xem được số đo, bạn không cần làm gì.\nĐể chia sẻ với người thân, hãy thêm họ làm người chăm sóc: họ xem được số đo và vị trí của bạn (tối đa 3 thành viên).\nĐể chia sẻ báo cáo, dùng Xuất cho bác sĩ ở Trang chủ: tệp PDF hoặc CSV của một khoảng thời gian.\nBạn có thể ngừng chia sẻ bất cứ lúc nào: trong Danh bạ, xóa người theo dõi.',
    },
    disconnect: {
      title: 'Ngắt kết nối đồng hồ',
      body: 'Mở Thiết bị và chạm Cài đặt thiết bị dưới đồng hồ của bạn.\nChạm Ngắt kết nối và xác nhận. Các số đo đã nhận vẫn được giữ.\nĐể dùng đồng hồ với điện thoại hoặc tài khoản khác, hãy ngắt kết nối ở đây trước; nếu không, điện thoại kia sẽ báo "Thiết bị đã được người dùng khác kết nối".\nNếu điện thoại vẫn còn đồng hồ trong phần cài đặt Bluetooth, hãy xóa (quên) nó ở đó.',
    },
    troubleshooting: {
      title: 'Khắc phục sự cố kết nối',
      body: 'Bật Bluetooth và cho phép ứng dụng dùng Bluetooth (Cài đặt, Quyền truy cập).\nGiữ đồng hồ cách điện thoại trong vòng {{range}} cm khi ghép nối.\nSạc đồng hồ: dưới {{lowBattery}}% đồng hồ ngừng đo.\nKhông tìm thấy thiết bị: bật sáng màn hình đồng hồ và tìm lại; đóng các ứng dụng khác đang kết nối với đồng hồ.\nGhép nối thất bại: quên đồng hồ trong cài đặt Bluetooth của điện thoại, khởi động lại đồng hồ rồi ghép nối lại.\nSố đo không đồng bộ: để ứng dụng mở khoảng một phút khi có Internet; số đo ghi khi mất mạng sẽ được gửi khi có kết nối trở lại.\nTrên Android, hãy loại trình duyệt khỏi chế độ tối ưu hóa pin để giữ kết nối khi chạy nền.',
    },
    faqWhat: {
      title: 'Ngưng thở khi ngủ là gì?',
      body: 'Là rối loạn khiến hơi thở ngừng lại hoặc trở nên rất nông nhiều lần trong khi ngủ, mỗi lần từ 10 giây trở lên. Dạng thường gặp nhất, ngưng thở tắc nghẽn, xảy ra khi cơ họng giãn ra và chặn đường thở.',
    },
    faqSigns: {
      title: 'Dấu hiệu là gì?',
      body: 'Ngáy to, người ngủ cùng thấy có lúc ngừng thở, thức dậy vì thở hổn hển hoặc sặc, đau đầu buổi sáng, khô miệng, và buồn ngủ ban ngày dù đã ngủ đủ đêm.',
    },
    faqRisk: {
      title: 'Ai có nguy cơ?',
      body: 'Người thừa cân hoặc cổ to, người lớn tuổi, nam giới, người bị tăng huyết áp, đái tháo đường hoặc bệnh tim, người hút thuốc, người uống rượu hoặc dùng thuốc ngủ trước khi ngủ. Bệnh cũng có tính gia đình.',
    },
    faqWatch: {
      title: 'Đồng hồ có phát hiện được ngưng thở khi ngủ không?',
      body: 'Không, đồng hồ không chẩn đoán được bệnh này. Đồng hồ đo SpO2 ban đêm từ 00:00 đến 07:00 và cảnh báo khi SpO2 dưới 92%. Nếu ban đêm nhiều lần có giá trị thấp, hãy trao đổi với bác sĩ; bác sĩ có thể chỉ định đo giấc ngủ.',
    },
    faqSpo2: {
      title: 'SpO2 bình thường khi ngủ là bao nhiêu?',
      body: 'Thường từ 94 đến 99%. Dưới 92% là thấp và ứng dụng sẽ cảnh báo bạn. Hãy đeo đồng hồ vừa khít cổ tay: đồng hồ đeo lỏng có thể đo thấp hơn thực tế.',
    },
    faqRisks: {
      title: 'Vì sao cần quan tâm?',
      body: 'Ngưng thở khi ngủ không được điều trị làm tăng nguy cơ tăng huyết áp, bệnh tim, đột quỵ, đái tháo đường và tai nạn do buồn ngủ.',
    },
    faqTreatment: {
      title: 'Điều trị thế nào?',
      body: 'Tùy nguyên nhân: giảm cân, nằm nghiêng khi ngủ, không uống rượu trước khi ngủ, máy CPAP giữ đường thở mở khi ngủ, dụng cụ đeo miệng, hoặc đôi khi phẫu thuật. Bác sĩ sẽ cùng bạn quyết định.',
    },
    faqDoctor: {
      title: 'Khi nào cần đi khám?',
      body: 'Khi bạn ngáy to và mệt mỏi ban ngày, khi có người thấy bạn ngừng thở lúc ngủ, hoặc khi ứng dụng thường báo SpO2 thấp ban đêm. Nếu ai đó không thể đánh thức hoặc khó thở, hãy gọi cấp cứu 115.',
    },
    manual: {
      title: 'Đồng hồ GT2 và GT5',
      body: 'Sạc đầy đồng hồ trước lần dùng đầu tiên.\nBật Bluetooth, mở Thiết bị, Thêm thiết bị, và giữ đồng hồ cách điện thoại trong vòng {{range}} cm.\nĐeo vừa khít, cách xương cổ tay khoảng một ngón tay, mặt cảm biến áp vào da.\nĐồng hồ đo mỗi {{every}} phút và đồng bộ khi ứng dụng mở; một lần đo mất tối đa {{measure}} phút.\nNhấn giữ nút {{press}} giây để bắt đầu hoặc dừng đếm ngược.\nNhiệt độ da ở cổ tay có thể chênh với thân nhiệt từ 0 đến 1 °C.\nGT2 đo nhịp tim, SpO2 và nhiệt độ; GT5 đo thêm huyết áp.',
    },
  },
  specs: {
    title: 'Thông số kỹ thuật',
    pairingRange: 'Khoảng cách ghép nối',
    pairingRangeValue: 'Trong vòng {{cm}} cm từ điện thoại',
    battery: 'Pin',
    batteryValue: '{{mah}} mAh, {{min}} đến {{max}} ngày mỗi lần sạc',
    temperature: 'Nhiệt độ hoạt động',
    temperatureValue: '{{min}} đến {{max}} °C ({{minF}} đến {{maxF}} °F)',
    water: 'Chống nước',
    waterValue: '{{rating}}: đi mưa, rửa tay và nước bắn; không dùng khi bơi, với nước nóng hoặc xông hơi',
  },
  permissions: {
    link: 'Quyền truy cập',
    title: 'Quyền truy cập',
    intro:
      'Những gì ứng dụng có thể dùng trên điện thoại này và lý do. Bạn có thể thay đổi từng quyền trong cài đặt trình duyệt hoặc điện thoại.',
    states: {
      granted: 'Đã cho phép',
      denied: 'Bị từ chối',
      prompt: 'Chưa được hỏi',
      onUse: 'Được hỏi khi ghép nối thiết bị',
      unsupported: 'Trình duyệt này không hỗ trợ',
    },
    allow: 'Cho phép {{name}}',
    pair: 'Ghép nối thiết bị',
    recheck: 'Kiểm tra lại',
    failed: 'Trình duyệt không phản hồi. Hãy thử lại.',
    howTo: 'Cách cho phép',
    steps: {
      ios: 'Mở Cài đặt của iPhone, chọn Safari (hoặc ứng dụng CareWatch trên Màn hình chính), tìm {{name}} và chọn Cho phép. Sau đó quay lại và chạm Kiểm tra lại.',
      android:
        'Trong Chrome, chạm biểu tượng bên trái địa chỉ, chọn Quyền (hoặc Cài đặt trang web), đặt {{name}} thành Cho phép. Kiểm tra thêm Cài đặt của điện thoại, Ứng dụng, Chrome cũng cho phép. Sau đó chạm Kiểm tra lại.',
      desktop: 'Bấm biểu tượng bên trái địa chỉ, mở Cài đặt trang web, đặt {{name}} thành Cho phép, rồi tải lại trang.',
    },
    kinds: {
      location: {
        name: 'Vị trí',
        reason: 'Gửi vị trí của bạn kèm SOS để người liên hệ và dịch vụ cấp cứu tìm thấy bạn, và tìm bác sĩ ở gần bạn.',
        denied: 'Quyền vị trí bị từ chối. Hãy bật thủ công trong cài đặt trình duyệt hoặc điện thoại.',
        effect: 'Trong lúc chưa bật, SOS được gửi mà không có vị trí của bạn.',
      },
      notifications: {
        name: 'Thông báo',
        reason:
          'Hiển thị cảnh báo sức khỏe, nhắc uống thuốc, nhắc lịch hẹn và yêu cầu từ người liên hệ, kể cả khi ứng dụng đã đóng.',
        denied: 'Quyền thông báo bị từ chối. Hãy bật thủ công trong cài đặt trình duyệt hoặc điện thoại.',
        effect: 'Trong lúc chưa bật, cảnh báo và lời nhắc chỉ hiện khi ứng dụng đang mở.',
      },
      camera: {
        name: 'Máy ảnh',
        reason: 'Quét mã QR của người theo dõi và chụp ảnh màn hình thiết bị đo hoặc thuốc.',
        denied: 'Quyền máy ảnh bị từ chối. Hãy bật thủ công trong cài đặt trình duyệt hoặc điện thoại.',
        effect: 'Trong lúc chưa bật, bạn vẫn có thể chọn ảnh trong thư viện hoặc nhập giá trị bằng tay.',
      },
      bluetooth: {
        name: 'Bluetooth',
        reason: 'Ghép nối đồng hồ và nhận số đo từ đồng hồ. Điện thoại hỏi mỗi lần bạn ghép nối thiết bị.',
        denied:
          'Bluetooth đang tắt hoặc không được phép. Hãy bật và cho phép trong cài đặt trình duyệt hoặc điện thoại.',
        effect: 'Trong lúc chưa bật, đồng hồ không gửi được số đo; bạn vẫn có thể nhập bằng tay.',
      },
      storage: {
        name: 'Bộ nhớ',
        reason: 'Lưu số đo, bộ SOS và dữ liệu chế độ khách trên điện thoại này để dùng được khi mất mạng.',
        denied:
          'Quyền bộ nhớ bị từ chối. Hãy bật thủ công: thêm ứng dụng vào Màn hình chính hoặc cho phép lưu trữ trong cài đặt trang web.',
        effect: 'Trong lúc chưa bật, trình duyệt có thể xóa dữ liệu lưu trên điện thoại khi thiếu dung lượng.',
      },
      motion: {
        name: 'Cảm biến chuyển động',
        reason: 'Đếm bước chân bằng cảm biến của điện thoại trong buổi tập thể thao.',
        denied: 'Quyền cảm biến chuyển động bị từ chối. Hãy bật thủ công trong cài đặt trình duyệt hoặc điện thoại.',
        effect: 'Trong lúc chưa bật, chỉ đồng hồ đếm bước chân của bạn.',
      },
    },
  },
};
