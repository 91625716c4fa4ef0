// Strategic Reserve in our own words, with diagrams drawn by board.js beside it.
export const summary = "Two players on a six by six board. Roll, lose groups to the dice, then place a checker: empty your reserve first to win.";

export const sections = [
  {
    title: "The aim",
    text: [
      "Red and Blue each start with six checkers on the board and more waiting off the board in a reserve. Whoever places the last checker of their reserve wins.",
    ],
  },
  {
    title: "A turn: the roll",
    text: [
      "Two dice are rolled for you and name one square. An enemy checker there sends its whole group (checkers joined edge to edge) back to the enemy's reserve.",
      "One of your own checkers there sends back every enemy group that touches your group. An empty square does nothing.",
    ],
    diagram: {
      view: { position: "6/2R1R1/1R2B1/1B2R1/1RBRB1/6 r 6 8 3,5 0", history: ["3,5"],
        last_effects: [
          { kind: "roll", die: "purple", value: 3, owner: 0, cell: "c5", hit: "friendly" },
          { kind: "roll", die: "green", value: 5, owner: 0, cell: "c5", hit: "friendly" },
          { kind: "remove", cell: "b5", piece: { kind: "checker", owner: 1 }, cause: "roll", to_area: "reserve" },
          { kind: "remove", cell: "d5", piece: { kind: "checker", owner: 1 }, cause: "roll", to_area: "reserve" },
        ] },
      caption: "Red rolled 3,5: the square hit is marked, and the checkers it sends back fade away.",
    },
  },
  {
    title: "A turn: the placement",
    text: [
      "Then you place one checker from your reserve on any empty square. After a roll that hit your own checker, the new checker must touch that group.",
      "Only rolls remove checkers; placing one never does.",
    ],
  },
];

export const legend = [
  ["\u25cf", "a checker; groups are joined along edges, never corners"],
  ["\u2684", "the two dice: the square they name is marked after each roll"],
  ["#", "the number in each reserve: fewer is better"],
];
