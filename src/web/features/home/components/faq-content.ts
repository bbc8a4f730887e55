// The ten questions of the home page FAQ (SPEC.md §2 item 8, §9), about Futurecast as it works.
export const FAQ: { q: string; a: string }[] = [
  {
    q: 'What is Futurecast?',
    a: 'Futurecast is a community where members publish short predictions about technology, the economy, the environment, politics, sport, culture and more. Every prediction gets an automated quality and reliability analysis, and everyone can browse hot topics, news summaries and public analytics.',
  },
  {
    q: 'Do I need an account?',
    a: 'No account is needed to read the home page, the hot topics and the analytics. To publish predictions, like, dislike or comment you need a free account: sign up with an email address and a username, or with Google.',
  },
  {
    q: 'How is the quality score of a prediction computed?',
    a: "The analysis looks at what makes a prediction checkable: a specific outcome, a time frame and a measurable quantity raise the score; vague wording, heavy hedging, shouting, links and stock AI phrasing lower it. Each score comes with the reasons that produced it, and your dashboard shows how to improve. How often its verdicts match a person's is measured on a held-out set of predictions the team labelled and never tuned it on; the analytics page gives the figure.",
  },
  {
    q: 'What is my reliability score?',
    a: 'Your reliability score summarises the quality of all your predictions, from 0 to 100. It starts near a neutral 50 and moves as you publish: a record of specific, well-formed predictions raises it, flagged ones lower it. 80 and above is excellent, 60 good, 40 fair.',
  },
  {
    q: 'Why was my prediction flagged?',
    a: 'Predictions are flagged when they look like spam, repeat an existing prediction almost word for word, contain abusive language, or read like machine-generated text. The Flagged badge on your dashboard opens the reason and tips for a better version. Flagged predictions are not shown to the community.',
  },
  {
    q: 'Can I keep a prediction private?',
    a: 'Yes. Choose Private when you submit: the prediction is analysed and counted in your own dashboard but never shown to anyone else, and it does not appear in Hot Topics.',
  },
  {
    q: 'How are Hot Topics chosen?',
    a: 'Community Predictions are ranked by engagement (likes, dislikes and comments) against freshness, so new predictions get a fair chance. Only public predictions with a quality score of at least 70, by members with a reliability of at least 40, are shown.',
  },
  {
    q: 'Where does the AI News Analysis come from?',
    a: 'Futurecast reads a set of public news feeds on a schedule, groups articles about the same story from different outlets, and writes a short summary with key points and keywords for each. The original sources are named on every card.',
  },
  {
    q: 'How many categories can I choose?',
    a: 'Up to three per prediction, from Politics, Economy, Environment, Technology, Sports, Entertainment, Healthcare, Society, Futurecast and Other. While you type, Futurecast suggests categories that fit your text.',
  },
  {
    q: 'Is Futurecast free, and what happens to my data?',
    a: 'Futurecast is free. We store your email address, username and the predictions you publish; passwords are stored only as secure hashes. Public analytics show aggregates, never another member’s private predictions.',
  },
];
