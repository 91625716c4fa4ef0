// Quin (Third Eye Mode) in our own words, with diagrams drawn by board.js beside it.
const START = "a2v,a3s,a4r,b4v,b5p,d4?,d5?,e2?,e3?,e4?,f3?,f4?,f5?,g2?,g3?,g4?,h4?,h5?,j4v,j5p,k2v,"
  + "k3s,k4r,l3t,l4m,l5l S play 4/aaaa -/- 0/0 0/0 - - 0 0 N";

export const summary = "Two players, hidden identities on a round board. Reach the centre with your Light, or capture the rival's.";

export const sections = [
  {
    title: "The aim",
    text: [
      "South and North each stand their pieces face down: the rival sees where a piece is, not what it is. You win by ending an action with your Light on the centre space, or by capturing the rival's Light.",
      "This board and several details are this project's reconstruction: the publisher has not made its board public.",
    ],
    diagram: { view: { position: START, history: [] }, caption: "The standard start as North sees it: South's pieces are question marks." },
  },
  {
    title: "A turn",
    text: [
      "A turn is any number of free actions (Time, a Memory swap, Resurrection) followed by exactly one action that ends the turn: a move, a Reflection, Gravity, a Reinforcement from your reserve, or a pass.",
      "Moving onto a rival piece makes a flash: both pieces are revealed, then, by their kinds, the attacker captures the defender, the two change places, or both are removed. Removed pieces lie face up in the other side's Zero G tray.",
    ],
  },
  {
    title: "Setup",
    text: [
      "With the random setup (the default) your twelve other pieces stand face down on the outer three rings of your side, and your Light waits in your reserve with the four Artificial Lights. Bring it in when you choose, by a Reinforcement onto an open Gateway of yours: it enters face down, so the rival cannot tell it from an Artificial Light. Your reserve shows its pieces to you; the rival's shows only how many it holds.",
      "With the manual setup each player places their pieces on their own side, then says ready. The Standard setup and Random setup buttons place them all at once.",
    ],
  },
];

export const legend = [
  ["L", "Light: bring it to the centre"],
  ["S", "Shadow"],
  ["A", "Artificial Light (enters by Reinforcement, as a held-back Light does)"],
  ["R", "Reflector"],
  ["M", "Memory: swaps places"],
  ["T", "Time: pushes a piece"],
  ["P", "Peripheral: slingshots"],
  ["V", "Void: gravity"],
  ["?", "a rival piece you have not seen"],
  ["\u25cf", "red dot: a revealed piece"],
];
