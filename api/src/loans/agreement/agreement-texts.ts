import { localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';

/**
 * A text that depends on a count, one sentence per CLDR plural category of the language (`Intl.PluralRules`):
 * English needs "1 day" / "2 days", Arabic six forms (يوم واحد، يومان، 3 أيام، 11 يومًا …), Chinese, Japanese,
 * Korean and Thai only `other`. A category a language does not list falls back to `other`.
 */
export type Plural = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;

/**
 * Every label and sentence of the loan agreement, per language. Placeholders in braces are filled by
 * `fill`/`plural`: `{loanId}`, `{platform}`, `{rate}`, `{count}` (a number of days), `{firstDay}`, `{page}`,
 * `{pages}`. Amounts are never part of a text: they are printed as given, next to their label.
 */
export interface AgreementTexts {
  /** Document title with `{loanId}`. */
  title: string;
  /** Opening sentence naming the lender, `{platform}`. */
  intro: string;
  parties: string;
  lender: string;
  borrower: string;
  fullName: string;
  accountId: string;
  country: string;
  address: string;
  terms: string;
  principal: string;
  term: string;
  dailyRate: string;
  /** The daily rate as a value, `{rate}` a percentage as given (e.g. 0.05). */
  dailyRateValue: string;
  interestFreeDays: string;
  totalInterest: string;
  repaymentAmount: string;
  dueDate: string;
  /**
   * The due date: the end (24:00 UTC) of day `{count}` of the term, `{count}` being the term in days (a day number,
   * not a calendar date: day 1 starts at the first midnight UTC after disbursement).
   */
  dueDateValue: Plural;
  /** A number of days as a value (term, interest-free days), `{count}`. */
  days: Plural;
  schedule: string;
  scheduleNote: string;
  scheduleDays: string;
  scheduleDailyInterest: string;
  schedulePeriodInterest: string;
  clauses: string;
  /** When interest accrues, chosen by the number of interest-free days `{count}` (> 0); `{firstDay}` = count + 1. */
  accrual: Plural;
  /** When interest accrues if there are no interest-free days. */
  accrualNoFreeDays: string;
  /** Repayments go to accrued interest first, then principal. */
  allocation: string;
  /** Early repayment in full or in part at any time, without penalty. */
  earlyRepayment: string;
  /** After the due date: overdue, interest continues at the same daily rate on the unpaid principal. */
  overdue: string;
  noOtherFees: string;
  signature: string;
  acceptance: string;
  signedAt: string;
  signatureCaption: string;
  /** Footer, `{page}` of `{pages}`. */
  page: string;
}

/** The agreement in the 11 site languages: the type makes a missing key or language a compile error. */
export const AGREEMENT_TEXTS: Record<LanguageCode, AgreementTexts> = {
  en: {
    title: 'Loan agreement No. {loanId}',
    intro: 'This loan agreement is made between {platform}, the lender, and the borrower named below.',
    parties: 'Parties',
    lender: 'Lender',
    borrower: 'Borrower',
    fullName: 'Full name',
    accountId: 'Account ID',
    country: 'Country',
    address: 'Address',
    terms: 'Loan terms',
    principal: 'Principal',
    term: 'Term',
    dailyRate: 'Daily interest rate',
    dailyRateValue: '{rate}% per day',
    interestFreeDays: 'Interest-free days',
    totalInterest: 'Total interest if repaid on the due date',
    repaymentAmount: 'Amount to repay on the due date',
    dueDate: 'Due date',
    dueDateValue: { one: 'end of day {count} (24:00 UTC)', other: 'end of day {count} (24:00 UTC)' },
    days: { one: '{count} day', other: '{count} days' },
    schedule: 'Interest schedule',
    scheduleNote: "Day 1 starts at the first midnight (UTC) after the loan is disbursed; each day's interest is added when that day ends.",
    scheduleDays: 'Days (from–to)',
    scheduleDailyInterest: 'Daily interest',
    schedulePeriodInterest: 'Interest for the period',
    clauses: 'Clauses',
    accrual: {
      one: 'No interest accrues on the first day after disbursement; from day {firstDay}, interest accrues once per day.',
      other: 'No interest accrues during the first {count} days after disbursement; from day {firstDay}, interest accrues once per day.',
    },
    accrualNoFreeDays: 'Interest accrues once per day, from the first day after disbursement.',
    allocation: 'Each repayment is applied first to accrued interest, then to the principal.',
    earlyRepayment: 'The borrower may repay the loan early, in full or in part, at any time and without penalty.',
    overdue:
      'If the loan is not repaid in full by the due date, it becomes overdue, and interest continues to accrue at the same daily rate on the unpaid principal until it is repaid.',
    noOtherFees: 'No fees or charges apply other than the interest set out in this agreement.',
    signature: 'Signature',
    acceptance: 'By signing, the borrower confirms having read and accepted this agreement.',
    signedAt: 'Signed on',
    signatureCaption: 'Signature of the borrower',
    page: 'Page {page} of {pages}',
  },
  zh: {
    title: '借款协议（编号：{loanId}）',
    intro: '本借款协议由出借人{platform}与下列借款人签订。',
    parties: '协议双方',
    lender: '出借人',
    borrower: '借款人',
    fullName: '姓名',
    accountId: '账户 ID',
    country: '国家/地区',
    address: '地址',
    terms: '借款条款',
    principal: '本金',
    term: '借款期限',
    dailyRate: '日利率',
    dailyRateValue: '每日 {rate}%',
    interestFreeDays: '免息天数',
    totalInterest: '于到期日还款的利息总额',
    repaymentAmount: '到期日应还金额',
    dueDate: '到期日',
    dueDateValue: { other: '第 {count} 天结束时（24:00 UTC）' },
    days: { other: '{count} 天' },
    schedule: '利息计划表',
    scheduleNote: '第 1 天自放款后的第一个午夜（UTC）开始；每日利息于当日结束时计入。',
    scheduleDays: '天数（起–止）',
    scheduleDailyInterest: '每日利息',
    schedulePeriodInterest: '该期间利息',
    clauses: '条款',
    accrual: { other: '放款后前 {count} 天免息；自第 {firstDay} 天起，利息每日计提一次。' },
    accrualNoFreeDays: '自放款后第 1 天起，利息每日计提一次。',
    allocation: '每笔还款先用于偿还已产生的利息，再用于偿还本金。',
    earlyRepayment: '借款人可随时提前偿还全部或部分借款，无需支付任何违约金。',
    overdue: '如到期日仍未全部还清，借款即为逾期；未还本金将按相同日利率继续计息，直至还清为止。',
    noOtherFees: '除本协议所列利息外，不收取任何其他费用。',
    signature: '签署',
    acceptance: '借款人签署即确认已阅读并接受本协议。',
    signedAt: '签署时间',
    signatureCaption: '借款人签名',
    page: '第 {page} 页，共 {pages} 页',
  },
  hk: {
    title: '貸款協議（編號：{loanId}）',
    intro: '本貸款協議由貸款人{platform}與下列借款人訂立。',
    parties: '協議雙方',
    lender: '貸款人',
    borrower: '借款人',
    fullName: '姓名',
    accountId: '帳戶 ID',
    country: '國家/地區',
    address: '地址',
    terms: '貸款條款',
    principal: '本金',
    term: '貸款期限',
    dailyRate: '日利率',
    dailyRateValue: '每日 {rate}%',
    interestFreeDays: '免息日數',
    totalInterest: '於到期日還款的利息總額',
    repaymentAmount: '到期日應還金額',
    dueDate: '到期日',
    dueDateValue: { other: '第 {count} 日結束時（24:00 UTC）' },
    days: { other: '{count} 日' },
    schedule: '利息時間表',
    scheduleNote: '第 1 日由放款後首個午夜（UTC）開始；每日利息於當日結束時計入。',
    scheduleDays: '日數（由–至）',
    scheduleDailyInterest: '每日利息',
    schedulePeriodInterest: '該期間利息',
    clauses: '條款',
    accrual: { other: '放款後首 {count} 日免息；由第 {firstDay} 日起，利息每日累計一次。' },
    accrualNoFreeDays: '由放款後第 1 日起，利息每日累計一次。',
    allocation: '每筆還款先用於償還已累計的利息，然後償還本金。',
    earlyRepayment: '借款人可隨時提前償還全部或部分貸款，無須支付任何罰款。',
    overdue: '如於到期日仍未全數還清，貸款即屬逾期；未償還本金將按相同日利率繼續計息，直至還清為止。',
    noOtherFees: '除本協議所列利息外，概不收取任何其他費用。',
    signature: '簽署',
    acceptance: '借款人簽署即確認已閱讀並接受本協議。',
    signedAt: '簽署時間',
    signatureCaption: '借款人簽名',
    page: '第 {page} 頁，共 {pages} 頁',
  },
  ja: {
    title: 'ローン契約書（契約番号：{loanId}）',
    intro: '本契約は、貸主である{platform}と下記の借主との間で締結されるローン契約です。',
    parties: '契約当事者',
    lender: '貸主',
    borrower: '借主',
    fullName: '氏名',
    accountId: 'アカウント ID',
    country: '国・地域',
    address: '住所',
    terms: '貸付条件',
    principal: '元本',
    term: '貸付期間',
    dailyRate: '日利率',
    dailyRateValue: '1日あたり {rate}%',
    interestFreeDays: '無利息期間',
    totalInterest: '返済期日に返済した場合の利息合計',
    repaymentAmount: '返済期日の返済額',
    dueDate: '返済期日',
    dueDateValue: { other: '{count}日目の終了時（24:00 UTC）' },
    days: { other: '{count}日' },
    schedule: '利息スケジュール',
    scheduleNote: '1日目は、貸付実行後最初の午前0時（UTC）に始まります。各日の利息は、その日の終了時に加算されます。',
    scheduleDays: '日数（開始～終了）',
    scheduleDailyInterest: '1日あたりの利息',
    schedulePeriodInterest: '期間中の利息',
    clauses: '契約条項',
    accrual: { other: '貸付実行後の最初の {count}日間は無利息です。{firstDay}日目から、利息は1日1回発生します。' },
    accrualNoFreeDays: '利息は、貸付実行後1日目から1日1回発生します。',
    allocation: '返済金は、まず発生済みの利息に充当し、その後元本に充当します。',
    earlyRepayment: '借主は、いつでも違約金なしで、全額または一部を繰り上げ返済できます。',
    overdue:
      '返済期日までに全額が返済されない場合、ローンは延滞となり、完済されるまで未返済の元本に対して同じ日利率で利息が引き続き発生します。',
    noOtherFees: '本契約に定める利息以外に、手数料その他の費用は一切かかりません。',
    signature: '署名',
    acceptance: '借主は、署名することにより、本契約を読み、承諾したことを確認します。',
    signedAt: '署名日時',
    signatureCaption: '借主の署名',
    page: '{page} / {pages} ページ',
  },
  ko: {
    title: '대출 계약서 (번호 {loanId})',
    intro: '본 대출 계약은 대여자 {platform} 및 아래에 기재된 차입자 사이에 체결됩니다.',
    parties: '계약 당사자',
    lender: '대여자',
    borrower: '차입자',
    fullName: '성명',
    accountId: '계정 ID',
    country: '국가',
    address: '주소',
    terms: '대출 조건',
    principal: '원금',
    term: '대출 기간',
    dailyRate: '일 이자율',
    dailyRateValue: '하루 {rate}%',
    interestFreeDays: '무이자 기간',
    totalInterest: '만기일 상환 시 총이자',
    repaymentAmount: '만기일 상환 금액',
    dueDate: '만기일',
    dueDateValue: { other: '{count}일째 종료 시 (24:00 UTC)' },
    days: { other: '{count}일' },
    schedule: '이자 일정표',
    scheduleNote: '1일째는 대출 실행 후 첫 자정(UTC)에 시작되며, 각 일의 이자는 해당 일이 끝날 때 가산됩니다.',
    scheduleDays: '일수 (시작–종료)',
    scheduleDailyInterest: '일일 이자',
    schedulePeriodInterest: '기간 이자',
    clauses: '계약 조항',
    accrual: { other: '대출 실행 후 처음 {count}일 동안은 이자가 발생하지 않습니다. {firstDay}일째부터 이자가 하루에 한 번 발생합니다.' },
    accrualNoFreeDays: '이자는 대출 실행 후 첫날부터 하루에 한 번 발생합니다.',
    allocation: '상환금은 먼저 발생한 이자에 충당되고, 그다음 원금에 충당됩니다.',
    earlyRepayment: '차입자는 언제든지 위약금 없이 대출금의 전부 또는 일부를 조기 상환할 수 있습니다.',
    overdue:
      '만기일까지 전액 상환되지 않으면 대출은 연체 상태가 되며, 상환될 때까지 미상환 원금에 대해 같은 일 이자율로 이자가 계속 발생합니다.',
    noOtherFees: '본 계약에 명시된 이자 외에 다른 수수료나 비용은 없습니다.',
    signature: '서명',
    acceptance: '차입자는 서명함으로써 본 계약을 읽고 동의하였음을 확인합니다.',
    signedAt: '서명 일시',
    signatureCaption: '차입자 서명',
    page: '{page} / {pages} 페이지',
  },
  de: {
    title: 'Darlehensvertrag Nr. {loanId}',
    intro: 'Dieser Darlehensvertrag wird zwischen {platform} als Darlehensgeber und dem unten genannten Darlehensnehmer geschlossen.',
    parties: 'Vertragsparteien',
    lender: 'Darlehensgeber',
    borrower: 'Darlehensnehmer',
    fullName: 'Vollständiger Name',
    accountId: 'Konto-ID',
    country: 'Land',
    address: 'Adresse',
    terms: 'Darlehensbedingungen',
    principal: 'Darlehensbetrag',
    term: 'Laufzeit',
    dailyRate: 'Tageszinssatz',
    dailyRateValue: '{rate} % pro Tag',
    interestFreeDays: 'Zinsfreie Tage',
    totalInterest: 'Zinsen insgesamt bei Rückzahlung am Fälligkeitstag',
    repaymentAmount: 'Rückzahlungsbetrag am Fälligkeitstag',
    dueDate: 'Fälligkeitstag',
    dueDateValue: { one: 'Ende des {count}. Tages (24:00 UTC)', other: 'Ende des {count}. Tages (24:00 UTC)' },
    days: { one: '{count} Tag', other: '{count} Tage' },
    schedule: 'Zinsplan',
    scheduleNote:
      'Tag 1 beginnt mit der ersten Mitternacht (UTC) nach der Auszahlung des Darlehens; die Zinsen eines Tages werden mit Ablauf dieses Tages berechnet.',
    scheduleDays: 'Tage (von–bis)',
    scheduleDailyInterest: 'Zinsen pro Tag',
    schedulePeriodInterest: 'Zinsen für den Zeitraum',
    clauses: 'Bestimmungen',
    accrual: {
      one: 'Am ersten Tag nach der Auszahlung fallen keine Zinsen an; ab Tag {firstDay} werden die Zinsen einmal täglich berechnet.',
      other:
        'In den ersten {count} Tagen nach der Auszahlung fallen keine Zinsen an; ab Tag {firstDay} werden die Zinsen einmal täglich berechnet.',
    },
    accrualNoFreeDays: 'Die Zinsen werden ab dem ersten Tag nach der Auszahlung einmal täglich berechnet.',
    allocation: 'Jede Rückzahlung wird zuerst auf die aufgelaufenen Zinsen und danach auf den Darlehensbetrag angerechnet.',
    earlyRepayment:
      'Der Darlehensnehmer kann das Darlehen jederzeit ganz oder teilweise vorzeitig und ohne Vorfälligkeitsentschädigung zurückzahlen.',
    overdue:
      'Wird das Darlehen bis zum Fälligkeitstag nicht vollständig zurückgezahlt, ist es überfällig, und auf den nicht zurückgezahlten Darlehensbetrag fallen bis zur Rückzahlung weiterhin Zinsen zum selben Tageszinssatz an.',
    noOtherFees: 'Außer den in diesem Vertrag genannten Zinsen fallen keine Gebühren oder sonstigen Kosten an.',
    signature: 'Unterschrift',
    acceptance: 'Mit seiner Unterschrift bestätigt der Darlehensnehmer, diesen Vertrag gelesen und angenommen zu haben.',
    signedAt: 'Unterzeichnet am',
    signatureCaption: 'Unterschrift des Darlehensnehmers',
    page: 'Seite {page} von {pages}',
  },
  fr: {
    title: 'Contrat de prêt n° {loanId}',
    intro: 'Le présent contrat de prêt est conclu entre {platform}, le prêteur, et l’emprunteur désigné ci-dessous.',
    parties: 'Parties',
    lender: 'Prêteur',
    borrower: 'Emprunteur',
    fullName: 'Nom complet',
    accountId: 'Identifiant du compte',
    country: 'Pays',
    address: 'Adresse',
    terms: 'Conditions du prêt',
    principal: 'Capital',
    term: 'Durée',
    dailyRate: 'Taux d’intérêt journalier',
    dailyRateValue: '{rate} % par jour',
    interestFreeDays: 'Jours sans intérêts',
    totalInterest: 'Total des intérêts en cas de remboursement à l’échéance',
    repaymentAmount: 'Montant à rembourser à l’échéance',
    dueDate: 'Échéance',
    dueDateValue: { one: 'fin du jour {count} (24:00 UTC)', other: 'fin du jour {count} (24:00 UTC)' },
    days: { one: '{count} jour', other: '{count} jours' },
    schedule: 'Échéancier des intérêts',
    scheduleNote:
      'Le jour 1 commence au premier minuit (UTC) suivant le versement du prêt ; les intérêts de chaque jour sont comptabilisés à la fin de ce jour.',
    scheduleDays: 'Jours (du–au)',
    scheduleDailyInterest: 'Intérêts par jour',
    schedulePeriodInterest: 'Intérêts de la période',
    clauses: 'Clauses',
    accrual: {
      one: 'Aucun intérêt ne court le premier jour suivant le versement ; à partir du jour {firstDay}, les intérêts courent une fois par jour.',
      other:
        'Aucun intérêt ne court pendant les {count} premiers jours suivant le versement ; à partir du jour {firstDay}, les intérêts courent une fois par jour.',
    },
    accrualNoFreeDays: 'Les intérêts courent une fois par jour, à partir du premier jour suivant le versement.',
    allocation: 'Chaque remboursement est imputé d’abord sur les intérêts courus, puis sur le capital.',
    earlyRepayment: 'L’emprunteur peut rembourser le prêt par anticipation, en totalité ou en partie, à tout moment et sans pénalité.',
    overdue:
      'Si le prêt n’est pas intégralement remboursé à l’échéance, il devient impayé, et les intérêts continuent de courir au même taux journalier sur le capital restant dû jusqu’à son remboursement.',
    noOtherFees: 'Aucuns frais ne s’appliquent en dehors des intérêts prévus au présent contrat.',
    signature: 'Signature',
    acceptance: 'En signant, l’emprunteur confirme avoir lu et accepté le présent contrat.',
    signedAt: 'Signé le',
    signatureCaption: 'Signature de l’emprunteur',
    page: 'Page {page} sur {pages}',
  },
  it: {
    title: 'Contratto di prestito n. {loanId}',
    intro: 'Il presente contratto di prestito è stipulato tra {platform}, in qualità di mutuante, e il mutuatario indicato di seguito.',
    parties: 'Parti',
    lender: 'Mutuante',
    borrower: 'Mutuatario',
    fullName: 'Nome e cognome',
    accountId: 'ID account',
    country: 'Paese',
    address: 'Indirizzo',
    terms: 'Condizioni del prestito',
    principal: 'Capitale',
    term: 'Durata',
    dailyRate: 'Tasso di interesse giornaliero',
    dailyRateValue: '{rate}% al giorno',
    interestFreeDays: 'Giorni senza interessi',
    totalInterest: 'Interessi totali in caso di rimborso alla scadenza',
    repaymentAmount: 'Importo da rimborsare alla scadenza',
    dueDate: 'Scadenza',
    dueDateValue: { one: 'fine del giorno {count} (24:00 UTC)', other: 'fine del giorno {count} (24:00 UTC)' },
    days: { one: '{count} giorno', other: '{count} giorni' },
    schedule: 'Piano degli interessi',
    scheduleNote:
      'Il giorno 1 inizia alla prima mezzanotte (UTC) successiva all’erogazione del prestito; gli interessi di ciascun giorno sono contabilizzati al termine del giorno stesso.',
    scheduleDays: 'Giorni (dal–al)',
    scheduleDailyInterest: 'Interesse giornaliero',
    schedulePeriodInterest: 'Interessi del periodo',
    clauses: 'Clausole',
    accrual: {
      one: 'Il primo giorno dopo l’erogazione non maturano interessi; dal giorno {firstDay} gli interessi maturano una volta al giorno.',
      other:
        'Nei primi {count} giorni dopo l’erogazione non maturano interessi; dal giorno {firstDay} gli interessi maturano una volta al giorno.',
    },
    accrualNoFreeDays: 'Gli interessi maturano una volta al giorno, a partire dal primo giorno dopo l’erogazione.',
    allocation: 'Ogni rimborso è imputato prima agli interessi maturati, poi al capitale.',
    earlyRepayment: 'Il mutuatario può rimborsare il prestito in anticipo, in tutto o in parte, in qualsiasi momento e senza penali.',
    overdue:
      'Se il prestito non è rimborsato per intero entro la scadenza, diventa scaduto e gli interessi continuano a maturare allo stesso tasso giornaliero sul capitale non rimborsato fino al rimborso.',
    noOtherFees: 'Non sono previste commissioni o spese oltre agli interessi indicati nel presente contratto.',
    signature: 'Firma',
    acceptance: 'Con la firma, il mutuatario conferma di aver letto e accettato il presente contratto.',
    signedAt: 'Firmato il',
    signatureCaption: 'Firma del mutuatario',
    page: 'Pagina {page} di {pages}',
  },
  es: {
    title: 'Contrato de préstamo n.º {loanId}',
    intro: 'El presente contrato de préstamo se celebra entre {platform}, como prestamista, y el prestatario que se indica a continuación.',
    parties: 'Partes',
    lender: 'Prestamista',
    borrower: 'Prestatario',
    fullName: 'Nombre completo',
    accountId: 'ID de cuenta',
    country: 'País',
    address: 'Dirección',
    terms: 'Condiciones del préstamo',
    principal: 'Capital',
    term: 'Plazo',
    dailyRate: 'Tipo de interés diario',
    dailyRateValue: '{rate} % diario',
    interestFreeDays: 'Días sin intereses',
    totalInterest: 'Intereses totales si se reembolsa en la fecha de vencimiento',
    repaymentAmount: 'Importe a reembolsar en la fecha de vencimiento',
    dueDate: 'Fecha de vencimiento',
    dueDateValue: { one: 'fin del día {count} (24:00 UTC)', other: 'fin del día {count} (24:00 UTC)' },
    days: { one: '{count} día', other: '{count} días' },
    schedule: 'Calendario de intereses',
    scheduleNote:
      'El día 1 comienza a la primera medianoche (UTC) posterior al desembolso del préstamo; los intereses de cada día se contabilizan al término de dicho día.',
    scheduleDays: 'Días (del–al)',
    scheduleDailyInterest: 'Interés diario',
    schedulePeriodInterest: 'Intereses del periodo',
    clauses: 'Cláusulas',
    accrual: {
      one: 'El primer día después del desembolso no se devengan intereses; a partir del día {firstDay}, los intereses se devengan una vez al día.',
      other:
        'Durante los primeros {count} días después del desembolso no se devengan intereses; a partir del día {firstDay}, los intereses se devengan una vez al día.',
    },
    accrualNoFreeDays: 'Los intereses se devengan una vez al día, a partir del primer día después del desembolso.',
    allocation: 'Cada pago se aplica primero a los intereses devengados y después al capital.',
    earlyRepayment:
      'El prestatario puede reembolsar el préstamo anticipadamente, total o parcialmente, en cualquier momento y sin penalización.',
    overdue:
      'Si el préstamo no se reembolsa íntegramente en la fecha de vencimiento, pasa a estar vencido y los intereses siguen devengándose al mismo tipo diario sobre el capital pendiente hasta su reembolso.',
    noOtherFees: 'No se aplica ninguna comisión ni otro cargo aparte de los intereses establecidos en este contrato.',
    signature: 'Firma',
    acceptance: 'Al firmar, el prestatario confirma que ha leído y acepta este contrato.',
    signedAt: 'Firmado el',
    signatureCaption: 'Firma del prestatario',
    page: 'Página {page} de {pages}',
  },
  ar: {
    title: 'اتفاقية قرض رقم {loanId}',
    intro: 'أُبرمت اتفاقية القرض هذه بين {platform} بصفتها المقرض، والمقترض المذكور أدناه.',
    parties: 'الأطراف',
    lender: 'المقرض',
    borrower: 'المقترض',
    fullName: 'الاسم الكامل',
    accountId: 'معرف الحساب',
    country: 'البلد',
    address: 'العنوان',
    terms: 'شروط القرض',
    principal: 'أصل القرض',
    term: 'مدة القرض',
    dailyRate: 'سعر الفائدة اليومي',
    dailyRateValue: '{rate} في المئة يوميًا',
    interestFreeDays: 'الأيام المعفاة من الفائدة',
    totalInterest: 'إجمالي الفائدة عند السداد في تاريخ الاستحقاق',
    repaymentAmount: 'المبلغ الواجب سداده في تاريخ الاستحقاق',
    dueDate: 'تاريخ الاستحقاق',
    dueDateValue: {
      one: 'نهاية اليوم الأول (الساعة 24:00 بتوقيت UTC)',
      two: 'نهاية اليوم الثاني (الساعة 24:00 بتوقيت UTC)',
      few: 'نهاية اليوم {count} (الساعة 24:00 بتوقيت UTC)',
      many: 'نهاية اليوم {count} (الساعة 24:00 بتوقيت UTC)',
      other: 'نهاية اليوم {count} (الساعة 24:00 بتوقيت UTC)',
    },
    days: { one: 'يوم واحد', two: 'يومان', few: '{count} أيام', many: '{count} يومًا', other: '{count} يوم' },
    schedule: 'جدول الفوائد',
    scheduleNote: 'يبدأ اليوم الأول عند أول منتصف ليل (بتوقيت UTC) بعد صرف القرض، وتُضاف فائدة كل يوم عند انتهاء ذلك اليوم.',
    scheduleDays: 'الأيام (من–إلى)',
    scheduleDailyInterest: 'الفائدة اليومية',
    schedulePeriodInterest: 'فائدة الفترة',
    clauses: 'البنود',
    accrual: {
      one: 'لا تُحتسب فائدة عن اليوم الأول بعد صرف القرض، وتُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم {firstDay}.',
      two: 'لا تُحتسب فائدة عن اليومين الأولين بعد صرف القرض، وتُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم {firstDay}.',
      few: 'لا تُحتسب فائدة عن أول {count} أيام بعد صرف القرض، وتُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم {firstDay}.',
      many: 'لا تُحتسب فائدة عن أول {count} يومًا بعد صرف القرض، وتُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم {firstDay}.',
      other: 'لا تُحتسب فائدة عن أول {count} يوم بعد صرف القرض، وتُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم {firstDay}.',
    },
    accrualNoFreeDays: 'تُحتسب الفائدة مرة واحدة يوميًا اعتبارًا من اليوم الأول بعد صرف القرض.',
    allocation: 'تُخصص كل دفعة سداد للفائدة المستحقة قبل أصل القرض.',
    earlyRepayment: 'يجوز للمقترض سداد القرض مبكرًا، كليًا أو جزئيًا، في أي وقت ودون أي غرامة.',
    overdue:
      'إذا لم يُسدد القرض بالكامل بحلول تاريخ الاستحقاق، يصبح القرض متأخرًا، وتستمر الفائدة بالسعر اليومي نفسه على أصل القرض غير المسدد حتى سداده.',
    noOtherFees: 'لا تُفرض أي رسوم أو تكاليف أخرى غير الفائدة المنصوص عليها في هذه الاتفاقية.',
    signature: 'التوقيع',
    acceptance: 'بتوقيعه، يؤكد المقترض أنه قرأ هذه الاتفاقية ووافق عليها.',
    signedAt: 'تاريخ التوقيع',
    signatureCaption: 'توقيع المقترض',
    page: 'الصفحة {page} من {pages}',
  },
  th: {
    title: 'สัญญากู้ยืมเงิน เลขที่ {loanId}',
    intro: 'สัญญากู้ยืมเงินฉบับนี้ทำขึ้นระหว่าง {platform} ในฐานะผู้ให้กู้ กับผู้กู้ตามที่ระบุไว้ด้านล่าง',
    parties: 'คู่สัญญา',
    lender: 'ผู้ให้กู้',
    borrower: 'ผู้กู้',
    fullName: 'ชื่อ-นามสกุล',
    accountId: 'รหัสบัญชี',
    country: 'ประเทศ',
    address: 'ที่อยู่',
    terms: 'เงื่อนไขการกู้ยืม',
    principal: 'เงินต้น',
    term: 'ระยะเวลากู้ยืม',
    dailyRate: 'อัตราดอกเบี้ยรายวัน',
    dailyRateValue: 'ร้อยละ {rate} ต่อวัน',
    interestFreeDays: 'จำนวนวันปลอดดอกเบี้ย',
    totalInterest: 'ดอกเบี้ยรวมหากชำระคืนในวันครบกำหนด',
    repaymentAmount: 'ยอดที่ต้องชำระคืนในวันครบกำหนด',
    dueDate: 'วันครบกำหนดชำระ',
    dueDateValue: { other: 'สิ้นสุดวันที่ {count} ของระยะเวลากู้ยืม (24:00 UTC)' },
    days: { other: '{count} วัน' },
    schedule: 'ตารางดอกเบี้ย',
    scheduleNote: 'วันที่ 1 เริ่มต้นเมื่อเที่ยงคืนแรก (UTC) หลังจ่ายเงินกู้ ดอกเบี้ยของแต่ละวันจะคิดเพิ่มเมื่อสิ้นสุดวันนั้น',
    scheduleDays: 'วัน (ตั้งแต่–ถึง)',
    scheduleDailyInterest: 'ดอกเบี้ยรายวัน',
    schedulePeriodInterest: 'ดอกเบี้ยของช่วงเวลา',
    clauses: 'ข้อกำหนด',
    accrual: { other: 'ไม่มีการคิดดอกเบี้ยใน {count} วันแรกหลังจ่ายเงินกู้ ตั้งแต่วันที่ {firstDay} เป็นต้นไป ดอกเบี้ยจะคิดวันละหนึ่งครั้ง' },
    accrualNoFreeDays: 'ดอกเบี้ยจะคิดวันละหนึ่งครั้ง ตั้งแต่วันแรกหลังจ่ายเงินกู้',
    allocation: 'เงินที่ชำระคืนแต่ละครั้งจะนำไปชำระดอกเบี้ยที่เกิดขึ้นก่อน แล้วจึงนำไปชำระเงินต้น',
    earlyRepayment: 'ผู้กู้สามารถชำระคืนก่อนกำหนดทั้งจำนวนหรือบางส่วนได้ทุกเมื่อ โดยไม่มีค่าปรับ',
    overdue: 'หากไม่ชำระคืนเต็มจำนวนภายในวันครบกำหนด เงินกู้จะถือว่าค้างชำระ และดอกเบี้ยจะยังคงคิดในอัตรารายวันเดิมจากเงินต้นที่ยังไม่ได้ชำระจนกว่าจะชำระครบ',
    noOtherFees: 'ไม่มีค่าธรรมเนียมหรือค่าใช้จ่ายอื่นใดนอกเหนือจากดอกเบี้ยที่ระบุไว้ในสัญญานี้',
    signature: 'การลงนาม',
    acceptance: 'การลงนามถือเป็นการยืนยันว่าผู้กู้ได้อ่านและยอมรับสัญญานี้แล้ว',
    signedAt: 'ลงนามเมื่อ',
    signatureCaption: 'ลายมือชื่อผู้กู้',
    page: 'หน้า {page} จาก {pages}',
  },
};

/** A text with its `{name}` placeholders filled; an unknown placeholder is left as written (a typo shows). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The form of a plural text for `count` in the language's plural rules, filled with `{count}` and `values`. */
export function plural(language: LanguageCode, forms: Plural, count: number, values: Record<string, string | number> = {}): string {
  const category = new Intl.PluralRules(localeOf(language)).select(count);
  const form = (category === 'other' ? undefined : forms[category]) ?? forms.other;
  return fill(form, { count, ...values });
}
