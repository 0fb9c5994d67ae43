import { DEFAULT_LOAN_PRODUCTS } from '@meridian/contracts';
/**
 * Seeded content (SPEC §3 content items): plain, honest pages. No licences, awards, partners or
 * figures are claimed: the software is a platform whose operator needs the licences of its country.
 */
export interface SeedContent {
  title: string;
  type: 1 | 2 | 3 | 4;
  body: string;
}

export const SEED_CONTENT_EN: SeedContent[] = [
  {
    type: 1,
    title: 'About Meridian',
    body: "<p>Meridian is a web platform for following markets, trading and investing, with a demo account of virtual funds and a real account for each user.</p><p>It offers market listings and charts, leveraged contracts, timed options, fixed-term smart trading plans, crypto loans and charity NFTs, in 11 languages.</p><p>Meridian is software. Operating it with real money requires the licences of the operator's country.</p>",
  },
  {
    type: 2,
    title: 'Terms of use',
    body: "<h2>Using Meridian</h2><p>By creating an account you agree to use the platform lawfully and to keep your login details private. The demo account uses virtual funds only; the real account moves real money through deposits and withdrawals that an operator reviews.</p><h2>Orders and outcomes</h2><p>Contracts, options, plans and loans settle from the published price series and the terms shown to you before you confirm. No operator can set the outcome of a single user's order.</p>",
  },
  {
    type: 2,
    title: 'Privacy policy',
    body: '<p>We keep the data needed to run your account: your email, optional phone number, identity verification documents when you submit them, and the records of your orders, deposits and withdrawals.</p><p>You only ever receive your own data. We do not sell personal data.</p>',
  },
  {
    type: 2,
    title: 'Risk disclosure',
    body: '<p><strong>Trading leveraged products and options can lose money, including more than you expect.</strong> Prices move quickly; a leveraged position can be liquidated when the market moves against it.</p><p>Smart trading plans pay the stated daily yield only for the stated term; leaving early costs the stated penalty. Only invest money you can afford to lose.</p>',
  },
  {
    type: 3,
    title: 'Withdrawal promise',
    body: '<p>We never ask you to approve token spending, pay a fee or make a deposit to withdraw. The stated percentage fee is deducted from the amount withdrawn.</p>',
  },
  {
    type: 3,
    title: 'Simulated prices',
    body: '<p>Unless the operator connects a real price feed, prices on this site come from the built-in market simulator, and price screens say so with a "Simulated prices" label.</p>',
  },
  {
    type: 4,
    title: 'Contact us',
    body: '<p>Use the customer service button on any page to open a conversation. An operator answers in the same conversation; you can come back to it with the link you receive.</p>',
  },
];

export const SEED_CONTENT_ZH: SeedContent[] = [
  {
    type: 1,
    title: '关于 Meridian',
    body: '<p>Meridian 是一个用于关注市场、交易和投资的网络平台，每位用户都有一个使用虚拟资金的模拟账户和一个真实账户。</p><p>平台提供行情列表与图表、杠杆合约、限时期权、定期智能交易计划、加密货币贷款和慈善 NFT，支持 11 种语言。</p><p>Meridian 是一套软件。以真实资金运营需要取得运营方所在国家的相应牌照。</p>',
  },
  {
    type: 2,
    title: '使用条款',
    body: '<h2>使用 Meridian</h2><p>创建账户即表示您同意合法使用本平台并妥善保管登录信息。模拟账户只使用虚拟资金；真实账户通过经运营人员审核的充值和提现转移真实资金。</p><h2>订单与结果</h2><p>合约、期权、计划和贷款均按公布的价格序列以及您确认前展示的条款结算。任何运营人员都无法设定单个用户订单的结果。</p>',
  },
  {
    type: 2,
    title: '隐私政策',
    body: '<p>我们只保存运行您的账户所需的数据：电子邮箱、可选的手机号码、您提交的身份认证材料，以及订单、充值和提现记录。</p><p>您只会收到自己的数据。我们不出售个人数据。</p>',
  },
  {
    type: 2,
    title: '风险披露',
    body: '<p><strong>交易杠杆产品和期权可能亏损，亏损可能超出您的预期。</strong>价格变化迅速；当行情与杠杆仓位方向相反时，仓位可能被强制平仓。</p><p>智能交易计划仅在规定期限内支付规定的日收益；提前退出需支付规定的违约金。请只投入您能承受损失的资金。</p>',
  },
  {
    type: 3,
    title: '提现承诺',
    body: '<p>我们绝不会要求您授权代币支出、支付费用或再次充值才能提现。规定的百分比手续费直接从提现金额中扣除。</p>',
  },
  {
    type: 3,
    title: '模拟价格说明',
    body: '<p>除非运营方接入真实行情源，本站价格来自内置的行情模拟器，价格页面会以“模拟价格”标签注明。</p>',
  },
  {
    type: 4,
    title: '联系我们',
    body: '<p>在任意页面点击客服按钮即可发起对话。运营人员会在同一对话中回复；您可以通过收到的链接随时回到该对话。</p>',
  },
];

/**
 * SPEC §5.9 defaults. `auth_address` (the platform's payout wallet per network) has no default here: the
 * start's payout check supplies it (api/src/settings/payout-addresses.ts).
 */
export const SEED_SETTINGS: Record<string, string> = {
  withdrawal_fee_percent: '1',
  loan_interest_free_days: '7',
  early_exit_penalty_percent: '10',
  invite_reward_usdt: '10',
  trading_fee_percent: '0.1',
  /** A position is liquidated when its equity falls to this share of its margin. */
  maintenance_margin_percent: '50',
  /** The flash exchange's fee, a percentage of the amount given, taken in that currency. */
  flash_exchange_fee_percent: '0.2',
  /** The loan products (term, amount range, daily rate); operators edit the list (loan-rules.ts). */
  loan_products: JSON.stringify(DEFAULT_LOAN_PRODUCTS),
};

/**
 * The smart plan products a new site starts with (operators change them in the back-office). Their yields
 * are terms the operator pays, stated before purchase; the early-exit penalty is the
 * `early_exit_penalty_percent` default (10 % of principal).
 */
export const SEED_SMART_PRODUCTS = [
  {
    name: 'Steady 7',
    termDays: 7,
    minAmount: '100',
    maxAmount: '20000',
    dailyYieldPercent: '0.05',
    profitSharingDays: 7,
    earlyExitPenaltyPercent: '10',
  },
  {
    name: 'Balanced 30',
    termDays: 30,
    minAmount: '500',
    maxAmount: '50000',
    dailyYieldPercent: '0.08',
    profitSharingDays: 7,
    earlyExitPenaltyPercent: '10',
  },
  {
    name: 'Long 90',
    termDays: 90,
    minAmount: '1000',
    maxAmount: '100000',
    dailyYieldPercent: '0.1',
    profitSharingDays: 30,
    earlyExitPenaltyPercent: '10',
  },
] as const;
