/**
 * Seeded help content: FAQ entries that answer real questions about the product's rules (the figures are
 * the operator-setting defaults of SPEC §5.9 and the minimums of SPEC §5.3), and notices about the
 * platform's own features. English (language 2) and Chinese (language 1).
 */
export interface SeedFaq {
  category: string;
  question: string;
  answer: string;
}
export interface SeedNotice {
  title: string;
  body: string;
  publishedAt: string;
}

export const SEED_FAQ_EN: SeedFaq[] = [
  {
    category: 'Account',
    question: 'What is the difference between the demo and the real account?',
    answer:
      '<p>Every user has both. The demo account starts with 100,000 virtual USD for practice; its balances, orders and history never mix with the real account. A "DEMO" badge shows while you use it. Smart trading, loans, deposits and withdrawals need the real account.</p>',
  },
  {
    category: 'Account',
    question: 'Can I reset my demo balance?',
    answer: '<p>Yes. In your profile, "Reset demo balance" restores the demo account to 100,000 virtual USD.</p>',
  },
  {
    category: 'Verification',
    question: 'How long does identity verification (KYC) take?',
    answer:
      '<p>An operator decides every verification within 48 hours. You see the status, the time and, if it failed, the reason; you can correct and submit again.</p>',
  },
  {
    category: 'Deposits',
    question: 'What are the minimum deposits?',
    answer: '<p>USDT 120, BTC 0.015 and ETH 0.2. USDT can be sent on ERC-20 or TRC-20.</p>',
  },
  {
    category: 'Deposits',
    question: 'When is my deposit credited?',
    answer:
      '<p>After an operator approves it. Record the transaction hash, the last 6 digits and a screenshot of the transfer with your deposit; you can follow its status in your records.</p>',
  },
  {
    category: 'Withdrawals',
    question: 'What does a withdrawal cost?',
    answer:
      '<p>A percentage fee set by the operator (1 % by default), deducted from the amount you withdraw. You see the fee and the amount you will receive before you confirm.</p>',
  },
  {
    category: 'Withdrawals',
    question: 'Will I ever have to pay something to withdraw?',
    answer:
      '<p>No. We never ask you to approve token spending, pay a fee or make a deposit to withdraw. Anyone who asks you for such a payment is not us.</p>',
  },
  {
    category: 'Withdrawals',
    question: 'How is a withdrawal reviewed?',
    answer:
      '<p>You confirm each request with a one-time code sent by email; the amount is then held and an operator reviews it. You see each step: submitted, in review, approved or rejected with the reason, and paid with the transaction hash. A rejected withdrawal releases the held amount.</p>',
  },
  {
    category: 'Withdrawals',
    question: 'Why must I wait before withdrawing to a new address?',
    answer:
      '<p>When you link a new withdrawal address we email you a link to cancel it, and the address becomes usable after a 24-hour hold. This protects you if someone else gets into your account.</p>',
  },
  {
    category: 'Smart trading',
    question: 'What happens if I leave a smart trading plan early?',
    answer:
      '<p>Leaving early costs a penalty of 10 % of the principal by default (the rate is shown before you confirm). It is deducted from the plan income first.</p>',
  },
  {
    category: 'Loans',
    question: 'How does interest on a crypto loan work?',
    answer:
      '<p>Loans need verified identity and a signed loan agreement. The first 7 days are free of interest by default; after that the daily rate shown in the agreement applies until you repay.</p>',
  },
  {
    category: 'Trading',
    question: 'How are contracts and options settled?',
    answer:
      '<p>From the published price series and the terms shown before you confirm. Contracts close at your stop loss, take profit or liquidation automatically; options settle at the end of their period. No operator can set the result of a single order.</p>',
  },
  {
    category: 'Trading',
    question: 'Why do prices say "simulated"?',
    answer:
      '<p>Unless the operator connects a real price feed, prices come from the built-in market simulator, and price screens carry a "Simulated prices" label.</p>',
  },
  {
    category: 'Invitations',
    question: 'How do invitation rewards work?',
    answer: '<p>You receive 10 USDT by default for each friend you invite whose first deposit is approved.</p>',
  },
];

export const SEED_FAQ_ZH: SeedFaq[] = [
  {
    category: '账户',
    question: '模拟账户和真实账户有什么区别？',
    answer:
      '<p>每位用户都同时拥有两个账户。模拟账户初始有 100,000 虚拟美元用于练习，其余额、订单和记录绝不会与真实账户混在一起；使用时会显示“模拟”标识。智能交易、贷款、充值和提现需要使用真实账户。</p>',
  },
  {
    category: '账户',
    question: '可以重置模拟账户余额吗？',
    answer: '<p>可以。在个人中心点击“重置模拟余额”，模拟账户将恢复为 100,000 虚拟美元。</p>',
  },
  {
    category: '身份认证',
    question: '身份认证（KYC）需要多长时间？',
    answer: '<p>运营人员会在 48 小时内处理每一份认证。您可以看到状态、时间，以及未通过时的原因；修改后可以重新提交。</p>',
  },
  {
    category: '充值',
    question: '最低充值金额是多少？',
    answer: '<p>USDT 120、BTC 0.015、ETH 0.2。USDT 可通过 ERC-20 或 TRC-20 网络转入。</p>',
  },
  {
    category: '充值',
    question: '充值什么时候到账？',
    answer: '<p>运营人员审核通过后到账。提交充值时请填写交易哈希、后 6 位并上传转账截图；您可以在记录中查看状态。</p>',
  },
  {
    category: '提现',
    question: '提现需要多少费用？',
    answer: '<p>按运营方设定的百分比收取手续费（默认 1%），直接从提现金额中扣除。确认前会显示手续费和实际到账金额。</p>',
  },
  {
    category: '提现',
    question: '提现时会要求我另外付款吗？',
    answer: '<p>不会。我们绝不会要求您授权代币支出、支付费用或再次充值才能提现。任何向您提出此类要求的人都不是我们。</p>',
  },
  {
    category: '提现',
    question: '提现如何审核？',
    answer:
      '<p>每笔提现申请都需要通过邮件中的一次性验证码确认；随后金额被冻结并由运营人员审核。您可以看到每一步：已提交、审核中、已通过或已拒绝（附原因）、已打款（附交易哈希）。被拒绝的提现会解冻相应金额。</p>',
  },
  {
    category: '提现',
    question: '为什么新提现地址需要等待？',
    answer:
      '<p>绑定新的提现地址时，我们会发送一封含取消链接的邮件，该地址在 24 小时冻结期后才能使用。这样即使他人进入您的账户，您的资金也能得到保护。</p>',
  },
  {
    category: '智能交易',
    question: '提前退出智能交易计划会怎样？',
    answer: '<p>提前退出需支付违约金，默认为本金的 10%（确认前会显示实际比例），优先从计划收益中扣除。</p>',
  },
  {
    category: '贷款',
    question: '加密货币贷款如何计息？',
    answer: '<p>贷款需要完成身份认证并签署贷款协议。默认前 7 天免息，之后按协议中的日利率计息，直至还款。</p>',
  },
  {
    category: '交易',
    question: '合约和期权如何结算？',
    answer:
      '<p>按公布的价格序列以及您确认前展示的条款结算。合约会在触及止损、止盈或强平时自动平仓；期权在周期结束时结算。任何运营人员都无法设定单个订单的结果。</p>',
  },
  {
    category: '交易',
    question: '为什么价格显示“模拟”？',
    answer: '<p>除非运营方接入真实行情源，价格来自内置的行情模拟器，价格页面会显示“模拟价格”标签。</p>',
  },
  { category: '邀请', question: '邀请奖励如何计算？', answer: '<p>您邀请的每位好友首次充值审核通过后，您将获得默认 10 USDT 的奖励。</p>' },
];

export const SEED_NOTICES_EN: SeedNotice[] = [
  {
    title: 'Help centre and FAQ are open',
    body: '<p>Answers to the most common questions about accounts, deposits, withdrawals, verification and trading are now in the help centre, in your language.</p>',
    publishedAt: '2026-11-20T09:00:00Z',
  },
  {
    title: 'Customer service conversations',
    body: '<p>Open a conversation with our operators from the customer service button on any page. Keep the link you receive to come back to the conversation.</p>',
    publishedAt: '2026-11-18T09:00:00Z',
  },
  {
    title: 'Eleven languages',
    body: '<p>Meridian is available in English, Simplified and Traditional Chinese, Japanese, Korean, German, French, Italian, Spanish, Arabic and Thai. Choose yours from the language button.</p>',
    publishedAt: '2026-11-15T09:00:00Z',
  },
  {
    title: 'Simulated prices are labelled',
    body: '<p>While prices come from the built-in market simulator, every price screen says so with a "Simulated prices" label.</p>',
    publishedAt: '2026-11-12T09:00:00Z',
  },
];

export const SEED_NOTICES_ZH: SeedNotice[] = [
  {
    title: '帮助中心与常见问题上线',
    body: '<p>关于账户、充值、提现、身份认证和交易的常见问题解答现已在帮助中心提供，并支持您的语言。</p>',
    publishedAt: '2026-11-20T09:00:00Z',
  },
  {
    title: '在线客服对话',
    body: '<p>在任意页面点击客服按钮即可与运营人员对话。请保存收到的链接，以便随时回到对话。</p>',
    publishedAt: '2026-11-18T09:00:00Z',
  },
  {
    title: '支持十一种语言',
    body: '<p>Meridian 支持英语、简体中文、繁体中文、日语、韩语、德语、法语、意大利语、西班牙语、阿拉伯语和泰语。可通过语言按钮选择。</p>',
    publishedAt: '2026-11-15T09:00:00Z',
  },
  {
    title: '模拟价格均有标注',
    body: '<p>当价格来自内置行情模拟器时，所有价格页面都会显示“模拟价格”标签。</p>',
    publishedAt: '2026-11-12T09:00:00Z',
  },
];
