// The token estimate (src/shared/token-estimate.ts): ASCII by pieces, other scripts per character, and never under what
// the public BPE vocabularies spend on running text of each script (counts measured offline with Claude 2's
// tokenizer, cl100k and o200k, recorded here with the text they were measured on).

import { describe, expect, it } from 'vitest';
import { EIGHTHS_PER_TOKEN, estimateTokens, tokenEighths } from '../../../src/shared/token-estimate';

const EMOJI = String.fromCodePoint(
  ...[0x1f389, 0x1f525, 0x1f44d, 0x1f600, 0x1f602, 0x1f680, 0x2728, 0x2764, 0xfe0f, 0x1f1e8, 0x1f1f3, 0x1f1ef],
  ...[0x1f1f5, 0x1f468, 0x200d, 0x1f469, 0x200d, 0x1f467, 0x200d, 0x1f466, 0x1f3f3, 0xfe0f, 0x200d, 0x1f308],
  ...[0x1f4a1, 0x1f4e6, 0x1f6d2, 0x2705, 0x274c, 0x2b50, 0x1f31f, 0x1f355, 0x1f363],
);

/** Running text of a script and the tokens each vocabulary spent on it. */
const MEASURED: { script: string; text: string; claude2: number; cl100k: number; o200k: number }[] = [
  {
    script: 'English',
    text: 'The quick brown fox jumps over the lazy dog. Our best kettles, boiled to perfection. Add to cart. We use cookies to remember your cart. All fields marked required must be filled in. Viewport 1280x800 at y=3000 of 95639px. [12] button "Add to cart" [7] textbox "Email" value="a@b.c" required. Free shipping on orders over $50, returns within 30 days.',
    claude2: 96,
    cl100k: 98,
    o200k: 97,
  },
  {
    // The snapshot of test/fixtures/site/page/pc-form.html: the lines the budget is mostly spent on.
    script: 'snapshot lines',
    text: 'Viewport 1280×800 at y=0 of 904px\n# Create your account\nAll fields marked required must be filled in.\n[1] textbox "Email" type=email required\n[2] textbox "Full name"\n[3] textbox "City of residence"\nPostcode\n[4] textbox "Postcode"\n[5] searchbox "Search the catalogue"\n[6] textbox "Password" type=password value="••••••••"\n[7] textbox "Member id" value="M-1001" readonly\n[8] textbox "Referral code" disabled\n[9] textbox "Nickname (controlled)"\n[10] textbox "Age (digits only)"\n[11] textbox "About you"\n[12] checkbox "I accept the terms"\n[13] checkbox "Send me news"\nPlan\n[14] radio "Free" checked\n[15] radio "Pro"\n[16] checkbox "Email me receipts"\n[17] checkbox "Locked option"\n--- Below the viewport: 3 controls (scroll down, or use find/readPage) ---',
    claude2: 249,
    cl100k: 226,
    o200k: 221,
  },
  {
    script: 'Chinese',
    text:
      '国务院新闻办公室今天上午举行新闻发布会，介绍今年前三季度国民经济运行情况。国家统计局新闻发言人表示，前三季度我国经济总体保持恢复向好态势，生产需求稳步回升，就业物价总体稳定，居民收入持续增加，高质量发展扎实推进。' +
      '初步核算，前三季度国内生产总值同比增长百分之五点二，比上半年加快零点一个百分点。分季度看，第一季度同比增长百分之四点五，第二季度增长百分之六点三，第三季度增长百分之四点九。从环比看，第三季度国内生产总值增长百分之一点三。' +
      '农业生产形势较好，秋粮丰收在望。工业生产加快，装备制造业增长较快。服务业持续恢复，现代服务业增势良好。市场销售较快增长，服务零售额增长明显。固定资产投资规模扩大，高技术产业投资增长较快。货物进出口总体平稳，贸易结构持续优化。',
    claude2: 359,
    cl100k: 387,
    o200k: 219,
  },
  {
    script: 'Japanese',
    text:
      '東京都は今日、新型の交通システムについての計画を発表しました。この計画では、二〇三〇年までに都内の主要な駅をすべて結ぶ自動運転バスの路線を整備するということです。' +
      '都の担当者は「高齢者や子どもでも安心して使える交通手段にしたい」と話しています。また、観光客向けに多言語の案内サービスも導入する予定で、スマートフォンのアプリから簡単に予約できるようになります。' +
      '専門家からは、費用の負担や安全性の確保について慎重な検討が必要だという声も上がっています。',
    claude2: 233,
    cl100k: 239,
    o200k: 156,
  },
  {
    script: 'Korean',
    text:
      '서울시는 오늘 새로운 대중교통 계획을 발표했습니다. 이 계획에 따르면 2030년까지 시내 주요 역을 모두 연결하는 자율주행 버스 노선이 만들어집니다. ' +
      '시 관계자는 노인과 어린이도 안심하고 이용할 수 있는 교통수단을 만들겠다고 말했습니다. 또한 관광객을 위한 다국어 안내 서비스도 도입할 예정이며, 스마트폰 앱으로 쉽게 예약할 수 있게 됩니다.',
    claude2: 206,
    cl100k: 191,
    o200k: 98,
  },
  {
    script: 'Russian',
    text:
      'Правительство сегодня объявило о новом плане развития общественного транспорта. Согласно плану, к 2030 году все крупные станции города будут соединены маршрутами беспилотных автобусов. ' +
      'Представитель администрации заявил, что новая система должна быть удобной и безопасной для пожилых людей и детей. ' +
      'Кроме того, для туристов будет введена многоязычная справочная служба, а забронировать поездку можно будет через мобильное приложение.',
    claude2: 207,
    cl100k: 189,
    o200k: 93,
  },
  {
    script: 'Greek',
    text:
      'Η κυβέρνηση ανακοίνωσε σήμερα ένα νέο σχέδιο για τις δημόσιες συγκοινωνίες. Σύμφωνα με το σχέδιο, έως το 2030 όλοι οι μεγάλοι σταθμοί της πόλης θα συνδέονται με γραμμές αυτόνομων λεωφορείων. ' +
      'Εκπρόσωπος του δήμου δήλωσε ότι το νέο σύστημα πρέπει να είναι άνετο και ασφαλές για ηλικιωμένους και παιδιά.',
    claude2: 327,
    cl100k: 257,
    o200k: 91,
  },
  {
    script: 'Arabic',
    text:
      'أعلنت الحكومة اليوم عن خطة جديدة لتطوير النقل العام. ووفقا للخطة، سيتم ربط جميع المحطات الرئيسية في المدينة بخطوط حافلات ذاتية القيادة بحلول عام 2030. ' +
      'وقال متحدث باسم البلدية إن النظام الجديد يجب أن يكون مريحا وآمنا لكبار السن والأطفال. كما سيتم إطلاق خدمة إرشاد متعددة اللغات للسياح.',
    claude2: 250,
    cl100k: 199,
    o200k: 81,
  },
  {
    script: 'Hebrew',
    text:
      'הממשלה הודיעה היום על תוכנית חדשה לפיתוח התחבורה הציבורית. לפי התוכנית, עד שנת 2030 כל התחנות המרכזיות בעיר יחוברו בקווי אוטובוסים אוטונומיים. ' +
      'דובר העירייה אמר שהמערכת החדשה צריכה להיות נוחה ובטוחה עבור קשישים וילדים.',
    claude2: 185,
    cl100k: 204,
    o200k: 71,
  },
  {
    script: 'Thai',
    text:
      'รัฐบาลประกาศแผนใหม่สำหรับการพัฒนาระบบขนส่งสาธารณะในวันนี้ ตามแผนดังกล่าว สถานีหลักทุกแห่งในเมืองจะเชื่อมต่อกันด้วยรถโดยสารไร้คนขับภายในปี 2030 ' +
      'โฆษกกล่าวว่าระบบใหม่จะต้องสะดวกและปลอดภัยสำหรับผู้สูงอายุและเด็ก',
    claude2: 362,
    cl100k: 199,
    o200k: 85,
  },
  {
    script: 'Devanagari',
    text:
      'सरकार ने आज सार्वजनिक परिवहन के विकास के लिए एक नई योजना की घोषणा की। योजना के अनुसार, 2030 तक शहर के सभी प्रमुख स्टेशनों को स्वचालित बसों की लाइनों से जोड़ा जाएगा। ' +
      'नगर निगम के प्रवक्ता ने कहा कि नई प्रणाली बुजुर्गों और बच्चों के लिए आरामदायक और सुरक्षित होनी चाहिए।',
    claude2: 287,
    cl100k: 261,
    o200k: 75,
  },
  { script: 'emoji', text: EMOJI, claude2: 75, cl100k: 83, o200k: 52 },
];

describe('estimateTokens', () => {
  it('counts ASCII by pieces: a word per 5 letters, a number per 3 digits, every sign one, a space before them none', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('abcde')).toBe(1);
    expect(estimateTokens('abcdef')).toBe(2);
    expect(estimateTokens('1280')).toBe(2);
    expect(estimateTokens('The quick brown fox jumps over the lazy dog.')).toBe(10); // 9 words and a full stop
    // [ 12 ] button(2) " Add to cart "
    expect(estimateTokens('[12] button "Add to cart"')).toBe(10);
    expect(estimateTokens('a  b')).toBe(3); // two spaces are a token of their own
    expect(tokenEighths('\n')).toBe(8);
    expect(estimateTokens('x'.repeat(10_001))).toBe(2_001);
  });

  it('counts a Chinese character as 1.25 tokens, and its punctuation as 1.5', () => {
    expect(estimateTokens('国务院新闻办公室')).toBe(10); // 8 × 1.25
    expect(estimateTokens('加入购物车')).toBe(7); // 5 × 1.25 = 6.25
    expect(estimateTokens('，。')).toBe(3);
    expect(tokenEighths('新闻发布会，介绍情况。')).toBe(9 * 10 + 2 * 12);
  });

  it('counts kana and kanji about one and a quarter each, Hangul one and a half', () => {
    expect(tokenEighths('ひらがなカタカナ')).toBe(8 * 10);
    expect(estimateTokens('東京都は今日、新しい計画を発表しました。')).toBe(Math.ceil((18 * 10 + 2 * 12) / 8));
    expect(estimateTokens('서울시는 오늘')).toBe(Math.ceil((6 * 12) / 8)); // the space rides with the word
  });

  it('adds the scripts of mixed text: a snapshot line with a Chinese name and an arrow', () => {
    const line = '[12] link "国务院新闻" → /news/1.html';
    // `[`, `12`, `]`, ` link`, ` "`: 5 tokens; 5 ideographs at 1.25; `"`; ` →` at 1.5; `/`, `news`, `/`, `1`, `.`, `html`.
    expect(tokenEighths(line)).toBe(5 * 8 + 5 * 10 + 8 + 12 + 6 * 8);
    expect(estimateTokens(line)).toBe(Math.ceil((5 * 8 + 5 * 10 + 8 + 12 + 6 * 8) / 8));
    expect(tokenEighths(`${line}\n${line}`)).toBe(2 * tokenEighths(line) + tokenEighths('\n'));
  });

  it('counts an emoji as its four UTF-8 bytes, a joined one for each of its parts', () => {
    expect(estimateTokens('\u{1F44D}')).toBe(4);
    expect(estimateTokens('Great \u{1F389}')).toBe(Math.ceil((8 + 32) / 8)); // the space rides with the emoji
    // Family: four emoji and three zero-width joiners.
    expect(estimateTokens('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}')).toBe(4 * 4 + 3);
  });

  it('counts other scripts at their documented rates', () => {
    expect(tokenEighths('Привет')).toBe(6 * 6); // Cyrillic 0.75
    expect(tokenEighths('café')).toBe(8 + 8); // `caf`, and a Latin-1 letter 1
    expect(tokenEighths('αβγ')).toBe(3 * 12); // Greek 1.5
    expect(tokenEighths('שלום')).toBe(4 * 10); // Hebrew 1.25
    expect(tokenEighths('سلام')).toBe(4 * 10); // Arabic 1.25
    expect(tokenEighths('नमस्ते')).toBe(6 * 12); // Devanagari 1.5
    expect(tokenEighths('สวัสดี')).toBe(6 * 16); // Thai 2
    expect(tokenEighths('“quoted” — yes…')).toBe(3 * 8 + 4 * 8); // 3 ASCII pieces; general punctuation 1
    expect(tokenEighths('✓★')).toBe(2 * 24); // symbols and dingbats: their 3 UTF-8 bytes
    expect(tokenEighths('\uE000')).toBe(26); // anything not listed: 3.25
  });

  it('never counts less than characters / 4', () => {
    for (const { text } of MEASURED) expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(text.length / 4));
  });

  it.each(MEASURED)('does not under-count $script text against the BPE vocabularies measured', (sample) => {
    const estimate = estimateTokens(sample.text);
    expect(estimate).toBeGreaterThanOrEqual(Math.max(sample.claude2, sample.cl100k, sample.o200k));
    // Nor by much: within twice the count of the least efficient vocabulary.
    expect(estimate).toBeLessThanOrEqual(2 * Math.max(sample.claude2, sample.cl100k, sample.o200k));
    // Characters / 4 was 1.1 (English prose) to 7 (Thai) times too low on these.
    expect(Math.ceil(sample.text.length / 4)).toBeLessThan(Math.max(sample.claude2, sample.cl100k));
  });

  it('sums in whole eighths, so pieces add up to the whole', () => {
    const parts = ['Viewport 1280×800', '国务院', 'Привет', '\u{1F44D}'];
    expect(tokenEighths(parts.join(''))).toBe(parts.reduce((sum, part) => sum + tokenEighths(part), 0));
    expect(EIGHTHS_PER_TOKEN).toBe(8);
  });
});
