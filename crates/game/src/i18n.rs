//! The languages the game speaks. Every visible string comes from one catalogue: the
//! `catalogue!` table below, one line per [`Text`] key with its English, German and Chinese
//! (traditional characters, like the pieces) columns.
//!
//! **Adding a string:** add a line `Key => ["English", "Deutsch", "中文"],` to the table and
//! say it with `Text::Key.get(lang)`. A text with blanks writes them as `{name}` in every
//! column (a column may leave one out, never add one) and is said with
//! `Phrase::new(Text::Key).with("name", value).say(lang)`; a [`Phrase`] kept in a resource
//! (a hint, an error) is said again when the language changes. Then run
//! `assets/fonts/make-subset.sh`: it takes every character the table uses into the font
//! subset, and a test fails while one is missing.
//!
//! Chinese labels, buttons and status lines write parentheses half-width (`認輸(紅方)`): the
//! font's full-width ones each carry half an em of space, which around a short word in a
//! button reads as gaps (`認輸（ 紅方 ）`). The rules' prose keeps the full-width forms.
//!
//! The rules crate speaks English only; its enums (refusals, outcomes, notices, seed-code
//! errors) are mapped to keys here, see [`refusal`], [`outcome`], [`notice`], [`seed_error`].

use jieqi_ai::Level;
use jieqi_ai::review::Mark;
use jieqi_rules::platform::{TurnError, VariantRef};
use jieqi_rules::{
    DrawReason, GameError, MateKind, Notice, OptionKind, OptionSpec, OptionValues, Outcome,
    ParseSeedError, Refusal, Role, Side, WinReason, Words,
};
use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    German,
    Chinese,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::German, Language::Chinese];

    /// Reads an ISO 639-1 code: `en`, `de`, `zh` (any case).
    pub fn from_code(code: &str) -> Option<Language> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Language::English),
            "de" => Some(Language::German),
            "zh" => Some(Language::Chinese),
            _ => None,
        }
    }

    /// The language's own name, as a language menu shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
            Language::Chinese => "中文",
        }
    }
}

/// Makes the [`Text`] keys and their table of three columns.
macro_rules! catalogue {
    ($($key:ident => [$en:expr, $de:expr, $zh:expr $(,)?],)*) => {
        /// A visible string's key; [`Text::get`] says it in a language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Text {
            $($key,)*
        }

        impl Text {
            /// Every key, in table order.
            pub const ALL: &[Text] = &[$(Text::$key,)*];

            const fn columns(self) -> [&'static str; 3] {
                match self {
                    $(Text::$key => [$en, $de, $zh],)*
                }
            }
        }
    };
}

catalogue! {
    // Sides, players, pieces.
    Red => ["Red", "Rot", "紅方"],
    Black => ["Black", "Schwarz", "黑方"],
    RedLabel => ["Red 紅", "Rot 紅", "紅方"],
    BlackLabel => ["Black 黑", "Schwarz 黑", "黑方"],
    PlayerOne => ["Player 1", "Spieler 1", "玩家一"],
    PlayerTwo => ["Player 2", "Spieler 2", "玩家二"],
    You => ["You", "Du", "你"],
    Computer => ["Computer", "Computer", "電腦"],
    Opponent => ["Opponent", "Gegner", "對手"],
    General => ["general", "General", "將帥"],
    Advisor => ["advisor", "Berater", "士仕"],
    Elephant => ["elephant", "Elefant", "象相"],
    Horse => ["horse", "Pferd", "馬"],
    Chariot => ["chariot", "Wagen", "車"],
    Cannon => ["cannon", "Kanone", "炮"],
    Soldier => ["soldier", "Soldat", "兵卒"],

    // The side panel.
    ColourNotYet => ["colour not yet decided", "Farbe noch offen", "顏色未定"],
    IllegalTurn => [
        "That move is not allowed here.",
        "Dieser Zug ist hier nicht erlaubt.",
        "此處不能這樣走。",
    ],
    // A variant's own reason for refusing a turn, in its words.
    OwnReason => ["{reason}", "{reason}", "{reason}"],
    RevealUntold => [
        "A face-down piece moves here: say what it turned up.",
        "Hier zieht eine verdeckte Figur: sag, was sie zeigt.",
        "此步走動暗子：須說明翻出何子。",
    ],
    PlayerToMove => ["{player} to move", "{player} ist am Zug", "輪到{player}"],
    WindowTitle => ["Jieqi — Xiangqi and Jieqi", "Jieqi — Xiangqi und Jieqi", "揭棋——象棋與揭棋"],
    PassTo => [
        "Pass to {side} ({player}) — click when ready",
        "Gib das Gerät an {side} ({player}) weiter — klicke, wenn du bereit bist",
        "請交給{side}({player})——準備好後點擊",
    ],
    CoverNote => [
        "The board stays hidden until then: what each player knows is theirs alone.",
        "Bis dahin bleibt das Brett verdeckt: Was jeder Spieler weiß, gehört nur ihm.",
        "在此之前棋盤保持遮蓋：各方所知只屬於自己。",
    ],
    PlayerLine => ["{player} — {side}", "{player} — {side}", "{player}——{side}"],
    ToMove => ["{side} to move", "{side} am Zug", "{side}走棋"],
    ToMoveCheck => ["{side} to move — check!", "{side} am Zug — Schach!", "{side}走棋——將軍！"],
    ViewOf => ["{side}'s view", "Sicht von {side}", "{side}視角"],
    DrawOfferQuestion => [
        "{by} offers a draw — {answerer}, do you accept?",
        "{by} bietet Remis an — {answerer}, nimmst du an?",
        "{by}求和——{answerer}，是否同意？",
    ],
    Thinking => ["Computer is thinking…", "Der Computer denkt nach…", "電腦思考中…"],
    HintThinking => ["Looking for a move…", "Suche einen Zug…", "提示思考中…"],
    Check => ["check", "Schach", "將軍"],
    TookNothing => ["  took nothing yet", "  noch nichts geschlagen", "  尚未吃子"],
    Hint => ["Hint", "Tipp", "提示"],
    AcceptDraw => ["Accept draw", "Remis annehmen", "同意和棋"],
    Decline => ["Decline", "Ablehnen", "拒絕"],
    ResignsQuestion => ["{side} resigns?", "{side} gibt auf?", "{side}認輸？"],
    YesResign => ["Yes, resign", "Ja, aufgeben", "確定認輸"],
    No => ["No", "Nein", "取消"],
    ResignAs => ["Resign ({side})", "Aufgeben ({side})", "認輸({side})"],
    OfferDraw => ["Offer a draw", "Remis anbieten", "求和"],
    ShowResult => ["Show the result", "Ergebnis zeigen", "顯示結果"],
    Moves => ["Moves", "Züge", "棋譜"],

    // The result card.
    Result => ["Result", "Ergebnis", "結果"],
    WhoPlayed => [
        "{red} played Red, {black} played Black",
        "{red} spielte Rot, {black} spielte Schwarz",
        "{red}執紅，{black}執黑",
    ],
    RevealLine => ["{side}: {pieces}", "{side}: {pieces}", "{side}：{pieces}"],
    EveryHiddenPiece => ["Every hidden piece", "Alle verdeckten Figuren", "所有暗子"],
    CardRinged => [
        "ringed: still face down at the end",
        "mit Ring: am Ende noch verdeckt",
        "帶環者：終局時仍為暗子",
    ],
    DealSeed => ["Deal seed: {seed}", "Code der Verteilung: {seed}", "暗子代碼：{seed}"],
    Odds => ["Odds", "Chancen", "機率"],
    RevealValuesAll => ["all {count}", "alle {count}", "全部{count}步"],
    RevealValuesAsk => ["Value of each reveal", "Wert jedes Aufdeckens", "各翻子的期望值"],
    RevealValuesThinking => ["Weighing the reveals…", "Wäge die Aufdeckungen ab …", "正在評估翻子…"],
    RevealValuesNote => [
        "averaged over what the piece may be, {depth} plies deep; + is good for you",
        "gemittelt über das, was der Stein sein kann, {depth} Halbzüge tief; + ist gut für dich",
        "按暗子可能的身份取平均，搜索{depth}層；正值對你有利",
    ],
    PlayOn => ["Play on from here", "Von hier weiterspielen", "從此處續下"],
    PlayOnNote => [
        "against the computer, as the player to move, knowing what they knew; in Jieqi what they had not seen is dealt again",
        "gegen den Computer, als Spieler am Zug, mit dessen damaligem Wissen; in Jieqi wird neu verteilt, was er nicht gesehen hatte",
        "由輪到走棋的一方對電腦續下，只知當時所知；揭棋中未見之子重新發牌",
    ],
    PlayOnOver => ["No move to play on from here.", "Von hier gibt es keinen Zug mehr.", "此局面已無棋可走。"],
    BackToReview => ["Back to the review", "Zurück zur Analyse", "返回復盤"],
    ReviewDetails => ["Marks and how to read them", "Markierungen und wie man sie liest", "標記與圖例"],
    ReviewStart => ["Review the game", "Partie analysieren", "復盤本局"],
    ReviewCancel => ["Cancel", "Abbrechen", "取消"],
    ReviewProgress => [
        "Reviewing: {done} of {total} moves",
        "Analyse: {done} von {total} Zügen",
        "復盤中：{done}/{total}步",
    ],
    ReviewMarks => [
        "{side}: {inaccuracies} ?! {mistakes} ? {blunders} ??",
        "{side}: {inaccuracies} ?! {mistakes} ? {blunders} ??",
        "{side}：{inaccuracies} ?! {mistakes} ? {blunders} ??",
    ],
    ReviewTurned => [
        "Where the game turned: move {number}",
        "Wendepunkt: Zug {number}",
        "勝負轉折：第{number}回合",
    ],
    ReviewInaccuracy => ["Inaccuracy", "Ungenauigkeit", "失準"],
    ReviewMistake => ["Mistake", "Fehler", "錯著"],
    ReviewBlunder => ["Blunder", "Grober Fehler", "敗著"],
    ReviewBetter => ["Better: {move}", "Besser: {move}", "更好：{move}"],
    ReviewLegend => [
        "Each move judged from what its player knew then, {depth} plies deep. ?! inaccuracy, ? mistake, ?? blunder; the arrow shows the better move.",
        "Jeder Zug beurteilt nach dem, was sein Spieler damals wusste, {depth} Halbzüge tief. ?! Ungenauigkeit, ? Fehler, ?? grober Fehler; der Pfeil zeigt den besseren Zug.",
        "每步按其棋手當時所知評判，搜索{depth}層。?! 失準，? 錯著，?? 敗著；箭頭指出更好的一步。",
    ],
    ReviewTwoViews => [
        "Up: better for Red. Red line: as Red saw it; light line: as Black saw it.",
        "Oben: besser für Rot. Rote Linie: wie Rot es sah; helle Linie: wie Schwarz es sah.",
        "越高紅方越好。紅線為紅方所見，淺色線為黑方所見。",
    ],
    ReviewHindsight => [
        "Dashed, green: hindsight — each position searched knowing the deal, as the end showed it. Not what the players knew: it marks no move.",
        "Gestrichelt, grün: im Nachhinein — jede Stellung mit bekannter Verteilung durchsucht, wie das Ende sie zeigte. Nicht, was die Spieler wussten: Es markiert keinen Zug.",
        "綠色虛線：事後之見——按終局揭示的發子搜索每個局面。並非雙方當時所知，不據此標記任何一步。",
    ],
    ReviewOneView => ["Up: better for Red.", "Oben: besser für Rot.", "越高紅方越好。"],
    OddsLine => [
        "{side}: {count} face down, each one of these {unseen}:",
        "{side}: {count} verdeckt, jeder einer dieser {unseen}:",
        "{side}：{count}枚暗子，各為下列{unseen}枚之一：",
    ],
    CardLength => ["{moves} moves", "{moves} Züge", "共{moves}回合"],
    CardOneMove => ["1 move", "1 Zug", "共1回合"],
    CardTook => ["{side} took", "{side} schlug", "{side}吃子"],
    Again => ["Again — swap colours", "Noch einmal — Farben tauschen", "再來一局——交換紅黑"],
    LookAtBoard => ["Look at the board", "Brett ansehen", "查看棋盤"],

    // Duplicate Jieqi: one deal played twice, colours swapped.
    MatchRow => ["Match", "Wettkampf", "賽制"],
    OneGame => ["one game", "eine Partie", "單局"],
    DuplicateMatch => ["duplicate", "Duplikat", "複式"],
    DuplicateHelp => [
        "Two games on the same deal, the colours swapped, one score: the luck of the deal is the same for both players.",
        "Zwei Partien mit derselben Verteilung, die Farben getauscht, ein Ergebnis: Das Glück der Verteilung ist für beide gleich.",
        "同一發子下兩局，交換紅黑，合計一個比分：發子運氣對雙方相同。",
    ],
    MatchRound => [
        "Duplicate match, game {round} of 2",
        "Duplikat-Wettkampf, Partie {round} von 2",
        "複式賽 第{round}局(共2局)",
    ],
    MatchScore => [
        "{one} {p1} – {p2} {two}",
        "{one} {p1} – {p2} {two}",
        "{one} {p1} – {p2} {two}",
    ],
    MatchNext => [
        "Game 2 deals the same pieces again, the colours swapped. What was face down, and the seed, stay hidden until the match ends.",
        "Partie 2 verteilt dieselben Steine noch einmal, mit getauschten Farben. Was verdeckt war, und der Code bleiben verborgen, bis der Wettkampf endet.",
        "第2局再發同樣的子，交換紅黑。暗子與代碼在比賽結束前保持隱藏。",
    ],
    MatchWon => ["{player} wins the match.", "{player} gewinnt den Wettkampf.", "{player}贏得本場比賽。"],
    MatchIsEven => [
        "The match is even: the deal gave both the same.",
        "Der Wettkampf endet unentschieden: Die Verteilung gab beiden dasselbe.",
        "本場比賽平手：同一發子兩人成績相同。",
    ],
    PlayGameTwo => ["Play game 2 — swap colours", "Partie 2 spielen — Farben tauschen", "下第2局——交換紅黑"],
    NewMatch => ["New match — swap colours", "Neuer Wettkampf — Farben tauschen", "新一場比賽——交換紅黑"],
    ResumeMatch => [
        "{preview} — duplicate match, game {round} of 2",
        "{preview} — Duplikat-Wettkampf, Partie {round} von 2",
        "{preview}——複式賽第{round}局(共2局)",
    ],
    MatchGame => ["Game {round}", "Partie {round}", "第{round}局"],

    // How games end (the rules crate's `Outcome`).
    Wins => ["{winner} wins: {reason}", "{winner} gewinnt: {reason}", "{winner}勝：{reason}"],
    Checkmate => ["checkmate ({kind})", "Schachmatt ({kind})", "將死({kind})"],
    Stalemate => [
        "stalemate ({loser} has no legal move)",
        "Patt ({loser} hat keinen legalen Zug)",
        "困斃({loser}無子可動)",
    ],
    Resigned => ["{loser} resigned", "{loser} hat aufgegeben", "{loser}認輸"],
    LostOnTime => [
        "{loser} lost on time",
        "{loser} hat die Zeit überschritten",
        "{loser}超時判負",
    ],
    GavePerpetualCheck => [
        "{loser} gave perpetual check",
        "{loser} hat Dauerschach gegeben",
        "{loser}長將",
    ],
    KeptPerpetualChase => [
        "{loser} kept up a perpetual chase",
        "{loser} hat dauernd dieselbe Figur gejagt",
        "{loser}長捉",
    ],
    NoPiecesLeft => [
        "{loser} has no piece left",
        "{loser} hat keinen Stein mehr",
        "{loser}無子",
    ],
    Draw => ["Draw: {reason}", "Remis: {reason}", "和棋：{reason}"],
    DrawAgreed => ["agreed by both players", "von beiden Spielern vereinbart", "雙方議和"],
    DrawMoveLimit => [
        "the limit of 200 moves by each side was reached",
        "die Grenze von 200 Zügen je Seite ist erreicht",
        "雙方各走滿二百步",
    ],
    DrawNoCapture => [
        "60 moves by each side without a capture",
        "60 Züge je Seite ohne Schlagen",
        "雙方各走六十步未吃子",
    ],
    DrawRepetition => [
        "the position occurred three times",
        "die Stellung ist dreimal vorgekommen",
        "同一局面出現三次",
    ],
    DrawNoFlipOrCapture => [
        "60 plies without a flip or a capture",
        "60 Halbzüge ohne Aufdecken oder Schlagen",
        "六十步未翻子也未吃子",
    ],
    DoubleCheck => ["double check", "Doppelschach", "雙將"],
    DoubleCannonMate => ["double-cannon mate", "Doppelkanonen-Matt", "重炮殺"],
    HorseCannonMate => ["horse–cannon mate", "Pferd-Kanonen-Matt", "馬後炮"],
    MateBy => ["mate by {role}", "Matt durch {role}", "{role}殺"],
    GameOver => [
        "the game is over: {outcome}",
        "die Partie ist vorbei: {outcome}",
        "對局已結束：{outcome}",
    ],

    // The rules' warnings (the rules crate's `Notice`).
    PerpetualCheckWarning => [
        "{side} is giving perpetual check: one more perpetual check loses",
        "{side} gibt Dauerschach: Ein weiteres Dauerschach verliert",
        "{side}正在長將：再長將一次即判負",
    ],
    PerpetualChaseWarning => [
        "{side} keeps chasing the piece on {square}: perpetual chase is forbidden",
        "{side} jagt ständig die Figur auf {square}: Dauerjagd ist verboten",
        "{side}一直在捉{square}的棋子：禁止長捉",
    ],
    RepetitionDrawHint => [
        "the position has occurred three times: the players may agree a draw",
        "die Stellung ist dreimal vorgekommen: Die Spieler können Remis vereinbaren",
        "同一局面已出現三次：雙方可以議和",
    ],
    NoCaptureHint => [
        "60 moves by each side without a capture: the players may agree a draw",
        "60 Züge je Seite ohne Schlagen: Die Spieler können Remis vereinbaren",
        "雙方各走六十步未吃子：雙方可以議和",
    ],

    // Why a move is refused (the rules crate's `Refusal`).
    NoPiece => ["there is no piece there", "dort steht keine Figur", "那裡沒有棋子"],
    NotYourPiece => ["that is not your piece", "das ist nicht deine Figur", "那不是你的棋子"],
    NotYourTurn => ["it is not your turn", "du bist nicht am Zug", "還沒輪到你"],
    OwnPieceOnTarget => [
        "your own piece stands there",
        "dort steht deine eigene Figur",
        "那裡是你自己的棋子",
    ],
    PieceInTheWay => ["a piece is in the way", "eine Figur steht im Weg", "中間有棋子阻擋"],
    WrongDirection => [
        "this piece does not move that way",
        "diese Figur zieht nicht so",
        "這個棋子不能這樣走",
    ],
    LegBlocked => [
        "the horse's leg is blocked",
        "das Bein des Pferdes ist versperrt",
        "蹩馬腿：馬腳被擋住了",
    ],
    EyeBlocked => [
        "the elephant's eye is blocked",
        "das Auge des Elefanten ist versperrt",
        "塞象眼：象眼被擋住了",
    ],
    MustStayInPalace => [
        "this piece must stay in the palace",
        "diese Figur muss im Palast bleiben",
        "這個棋子不能離開九宮",
    ],
    CannotCrossRiver => [
        "the elephant cannot cross the river",
        "der Elefant darf den Fluss nicht überqueren",
        "象不能過河",
    ],
    SoldierBackwards => [
        "a soldier never moves backwards",
        "ein Soldat zieht nie rückwärts",
        "兵卒不能後退",
    ],
    SoldierSidewaysBeforeRiver => [
        "a soldier moves sideways only after crossing the river",
        "ein Soldat zieht erst nach dem Überqueren des Flusses seitwärts",
        "兵卒過河後才能橫走",
    ],
    CannonNeedsScreen => [
        "a cannon captures only by jumping exactly one piece",
        "eine Kanone schlägt nur, indem sie genau eine Figur überspringt",
        "炮必須隔一子才能吃子",
    ],
    LeavesGeneralInCheck => [
        "your general would be in check",
        "dein General stünde im Schach",
        "走後己方將帥會被將軍",
    ],
    GeneralsFacing => [
        "the generals would face each other",
        "die Generäle stünden sich frei gegenüber",
        "將帥不能照面",
    ],

    // Playing online.
    PlayOnline => ["Play online", "Online spielen", "線上對弈"],
    OnlineName => ["Your name", "Dein Name", "你的名字"],
    OnlineTable => ["Table", "Tisch", "對局"],
    OnlineHost => ["Host", "Eröffnen", "開局"],
    OnlineJoin => ["Join", "Beitreten", "加入"],
    OnlineWatch => ["Watch", "Zuschauen", "觀戰"],
    OnlineServer => ["Server", "Server", "伺服器"],
    OnlineHere => ["this computer", "dieser Computer", "本機"],
    OnlineElsewhere => ["at an address", "unter einer Adresse", "指定地址"],
    OnlineAddress => ["Address", "Adresse", "地址"],
    OnlineInvite => ["Invite", "Einladung", "邀請碼"],
    OnlineGameCode => ["Game", "Partie", "對局碼"],
    OnlineColour => ["Your colour", "Deine Farbe", "你的顏色"],
    OnlineTheGame => [
        "The game: {game} (choose it in New game…)",
        "Die Partie: {game} (Auswahl unter Neue Partie …)",
        "對局：{game}（於「新對局…」選擇）",
    ],
    OnlineAbandonNote => [
        "The game in progress will count as abandoned.",
        "Die laufende Partie zählt dann als aufgegeben.",
        "進行中的對局將算作放棄。",
    ],
    OnlineConnecting => ["Connecting…", "Verbinde …", "連線中…"],
    OnlineWaiting => [
        "Waiting for your opponent. Tell them the address and the invite:",
        "Warte auf den Gegner. Sag ihm Adresse und Einladung:",
        "等待對手。請把地址和邀請碼告訴對方：",
    ],
    OnlineWatchCode => [
        "Spectators watch with the game's code: {code}",
        "Zuschauer schauen mit dem Code der Partie zu: {code}",
        "觀眾以對局碼觀戰：{code}",
    ],
    Copy => ["Copy", "Kopieren", "複製"],
    OnlineReconnecting => ["Reconnecting…", "Verbinde neu …", "重新連線中…"],
    OnlineAt => ["Online at {address}, game {game}", "Online bei {address}, Partie {game}", "線上：{address}，對局{game}"],
    OnlinePlayerAway => ["{name} (away)", "{name} (weg)", "{name}（離線）"],
    OnlineWatching => ["Watching", "Zuschauer", "觀戰中"],
    OnlineRejoin => [
        "Rejoin game {game} at {address}",
        "Zurück zur Partie {game} bei {address}",
        "回到{address}的對局{game}",
    ],
    ClaimWin => ["Claim the win", "Sieg beanspruchen", "判我勝"],
    WatchGameTwo => ["Watch game 2", "Partie 2 zusehen", "觀看第2局"],
    OnlineNoGameTwo => [
        "Game 2 of this match has not begun yet",
        "Partie 2 dieses Wettkampfs hat noch nicht begonnen",
        "本場比賽的第2局尚未開始",
    ],
    OnlineSecondGameOffer => [
        "{name} is ready for game 2: the same deal, the colours swapped",
        "{name} ist bereit für Partie 2: dieselbe Verteilung, die Farben getauscht",
        "{name}已準備下第2局：同一發子，交換紅黑",
    ],
    OnlineRematchOffer => [
        "{name} offers a rematch, colours swapped",
        "{name} bietet eine Revanche mit getauschten Farben an",
        "{name}提議交換先後再下一局",
    ],
    AcceptRematch => ["Accept the rematch", "Revanche annehmen", "接受再戰"],
    OnlineNoServer => [
        "No game server answers at {address}.",
        "Unter {address} antwortet kein Spielserver.",
        "{address}沒有對局伺服器回應。",
    ],
    OnlineBadInvite => [
        "That invite does not open this game: check it with the host.",
        "Diese Einladung öffnet die Partie nicht: Frag beim Gastgeber nach.",
        "邀請碼不正確，請向開局者確認。",
    ],
    OnlineUnknownGame => [
        "The server has no game with that code.",
        "Der Server kennt keine Partie mit diesem Code.",
        "伺服器上沒有這個對局。",
    ],
    OnlineFull => [
        "That game already has two players: watch it instead.",
        "Diese Partie hat schon zwei Spieler: Schau stattdessen zu.",
        "這局已有兩位棋手，可以觀戰。",
    ],
    OnlineBadCode => [
        "An invite has 24 letters and digits; a game's code has 12.",
        "Eine Einladung hat 24 Buchstaben und Ziffern, der Code einer Partie 12.",
        "邀請碼有24個字母和數字，對局碼有12個。",
    ],
    OnlineCannotHost => [
        "Cannot host on this computer: {reason}",
        "Auf diesem Computer lässt sich nicht eröffnen: {reason}",
        "無法在本機開局：{reason}",
    ],
    ServerRefused => ["The server refused: {reason}", "Der Server lehnt ab: {reason}", "伺服器拒絕：{reason}"],

    // The analysis board.
    AnalysisButton => ["Analysis…", "Analyse…", "分析…"],
    AnalysisEngineBarred => [
        "No engine while you play a person online: it comes back when your game ends.",
        "Keine Engine, solange du online gegen einen Menschen spielst: Sie kehrt nach der Partie zurück.",
        "線上與真人對弈時不用引擎：對局結束後恢復。",
    ],
    AnalysisTitle => ["Analysis", "Analyse", "分析"],
    AnalysisFlip => ["Flip board", "Brett drehen", "翻轉棋盤"],
    AnalysisClose => ["Close", "Schließen", "關閉"],
    AnalysisToMove => ["{side} to move", "{side} am Zug", "{side}走棋"],
    AnalysisRefused => ["Refused: {reason}", "Abgelehnt: {reason}", "不允許：{reason}"],
    AnalysisEngineStart => ["Start engine", "Engine starten", "開始引擎"],
    AnalysisEngineStop => ["Stop engine", "Engine anhalten", "停止引擎"],
    AnalysisLines => ["Lines:", "Varianten:", "變例："],
    AnalysisPromote => ["Promote", "Hochstufen", "提升"],
    AnalysisDelete => ["Delete", "Löschen", "刪除"],
    AnalysisEdit => ["Set up a position…", "Stellung aufbauen…", "擺設局面…"],
    AnalysisEraser => ["Eraser", "Radierer", "清除"],
    AnalysisMovePieces => ["Move pieces", "Steine ziehen", "移動棋子"],
    AnalysisPool => ["Unseen", "Ungesehen", "未見"],
    AnalysisClear => ["Clear", "Leeren", "清空"],
    AnalysisStartPosition => ["Start position", "Grundstellung", "開局局面"],
    AnalysisEditDone => ["Done", "Fertig", "完成"],
    AnalysisCancel => ["Cancel", "Abbrechen", "取消"],
    AnalysisPasteHint => [
        "Paste a game or a position: our record, JieqiBox, pychess, UCI, FEN or moves",
        "Partie oder Stellung einfügen: unsere Notation, JieqiBox, pychess, UCI, FEN oder Züge",
        "貼上對局或局面：本程式棋譜、JieqiBox、pychess、UCI、FEN或著法",
    ],
    AnalysisImport => ["Read paste", "Einfügen lesen", "讀取貼上內容"],
    AnalysisCopyRecord => ["Copy record", "Notation kopieren", "複製棋譜"],
    AnalysisCopyJieqiBox => ["Copy for JieqiBox", "Für JieqiBox kopieren", "複製為JieqiBox格式"],
    AnalysisCopied => ["Copied to the clipboard", "In die Zwischenablage kopiert", "已複製到剪貼簿"],
    AnalysisImported => ["Read: the board shows it", "Gelesen: Das Brett zeigt es", "已讀取，棋盤已顯示"],
    AnalysisQuestionTitle => ["What was it?", "Was war es?", "是什麼棋子？"],
    AnalysisAskReveal => [
        "The face-down piece turned up as:",
        "Der verdeckte Stein wurde aufgedeckt als:",
        "暗子翻開後是：",
    ],
    AnalysisAskCaptured => [
        "The face-down piece taken was:",
        "Der geschlagene verdeckte Stein war:",
        "被吃的暗子是：",
    ],
    AnalysisUnknown => ["Not known", "Unbekannt", "不知道"],

    // Hints after a command.
    OfferLapsed => [
        "{side} played on: the draw offer lapsed",
        "{side} hat weitergespielt: Das Remisangebot ist verfallen",
        "{side}繼續走棋：求和已失效",
    ],
    OffersDraw => ["{side} offers a draw", "{side} bietet Remis an", "{side}求和"],
    DeclinedDraw => ["{side} declined the draw", "{side} hat das Remis abgelehnt", "{side}拒絕和棋"],

    // Take-backs.
    TakeBackAfterAgreement => [
        "A resignation or an agreed draw cannot be taken back",
        "Aufgabe oder vereinbartes Remis können nicht zurückgenommen werden",
        "認輸或議和後不能悔棋",
    ],
    TakeBackDealShown => [
        "The deal has been shown: start a new game",
        "Die Verteilung wurde schon gezeigt: Beginne eine neue Partie",
        "暗子已全部公開：請開始新對局",
    ],
    NothingToTakeBack => [
        "There is no move of yours to take back",
        "Du hast keinen Zug, der sich zurücknehmen ließe",
        "你沒有可以悔的棋",
    ],
    TakeBackMenu => ["Take back…", "Zurücknehmen …", "悔棋…"],
    TakeBackButton => [
        "Take back ({side}, {moves})",
        "Zug zurücknehmen ({side}, {moves})",
        "悔棋({side}，{moves})",
    ],
    TakeBackRequest => [
        "{by} asks to take back {moves} — {answerer}, do you agree?",
        "{by} möchte {moves} zurücknehmen — {answerer}, bist du einverstanden?",
        "{by}請求悔棋{moves}——{answerer}，是否同意？",
    ],
    TakeBackAsked => ["{side} asks to take back", "{side} möchte zurücknehmen", "{side}請求悔棋"],
    TakeBackDeclined => [
        "{side} declined the take-back",
        "{side} hat die Rücknahme abgelehnt",
        "{side}拒絕悔棋",
    ],
    TakeBackLapsed => [
        "{side} played on: the take-back request lapsed",
        "{side} hat weitergezogen: Die Bitte um Rücknahme ist verfallen",
        "{side}已繼續走棋：悔棋請求失效",
    ],
    OneMove => ["1 move", "1 Zug", "一步"],
    SomeMoves => ["{n} moves", "{n} Züge", "{n}步"],
    Agree => ["Agree", "Einverstanden", "同意"],
    Refuse => ["Refuse", "Ablehnen", "拒絕"],

    TakeBackConsent => [
        "take-backs need consent",
        "Zurücknehmen nur mit Zustimmung",
        "悔棋須對方同意",
    ],
    FaceDownTakeBacks => [
        "take-backs after a face-down capture",
        "Zurücknehmen nach dem Schlagen verdeckter Steine",
        "吃暗子後可悔棋",
    ],
    FaceDownTakeBacksAbout => [
        "Allowed: a game in which a take-back undid the capture of a face-down piece you had seen counts apart in the statistics (\"with take-backs\"). Not allowed: such a take-back is refused.",
        "Erlaubt: Eine Partie, in der eine Rücknahme das Schlagen eines verdeckten Steins rückgängig gemacht hat, den du gesehen hattest, zählt in der Statistik getrennt („mit Rücknahmen“). Nicht erlaubt: Eine solche Rücknahme wird abgelehnt.",
        "允許：曾悔掉吃下你已看過的暗子的一步的對局，在統計中另行計算（「有悔棋」）。不允許：這樣的悔棋會被拒絕。",
    ],
    TakeBackFaceDown => [
        "Not allowed by the settings: this take-back would undo the capture of a face-down piece you have seen",
        "In den Einstellungen nicht erlaubt: Diese Rücknahme würde das Schlagen eines verdeckten Steins rückgängig machen, den du gesehen hast",
        "設定不允許：這次悔棋會撤回吃掉一個你已看過的暗子",
    ],

    // Abandoning a game in progress for another one.
    AbandonTitle => ["Abandon the game?", "Partie aufgeben?", "放棄對局？"],
    AbandonQuestion => [
        "Abandon the game in progress? It counts as a resignation by {side} in the statistics.",
        "Die laufende Partie aufgeben? Sie zählt in der Statistik als Aufgabe von {side}.",
        "放棄進行中的對局？統計中將記為{side}認輸。",
    ],
    AbandonQuestionYou => [
        "Abandon the game in progress? It counts as a loss for you (a resignation) in the statistics.",
        "Die laufende Partie aufgeben? Sie zählt in der Statistik als deine Niederlage (Aufgabe).",
        "放棄進行中的對局？統計中將記為你輸（認輸）。",
    ],
    AbandonMatchYou => [
        "Abandon the duplicate match? It counts as a match lost by you in the statistics.",
        "Den Duplikat-Wettkampf aufgeben? Er zählt in der Statistik als dein verlorener Wettkampf.",
        "放棄複式賽？統計中將記為你輸掉本場比賽。",
    ],
    AbandonMatch => [
        "Abandon the duplicate match? It counts as a match lost by {player} in the statistics.",
        "Den Duplikat-Wettkampf aufgeben? Er zählt in der Statistik als verlorener Wettkampf von {player}.",
        "放棄複式賽？統計中將記為{player}輸掉本場比賽。",
    ],
    AbandonMatchUncounted => [
        "Abandon the duplicate match between its games? It is not counted in the statistics.",
        "Den Duplikat-Wettkampf zwischen seinen Partien aufgeben? Er wird in der Statistik nicht gezählt.",
        "在兩局之間放棄複式賽？本場比賽不計入統計。",
    ],
    Abandon => ["Abandon", "Aufgeben", "放棄"],
    KeepPlaying => ["Keep playing", "Weiterspielen", "繼續下棋"],

    // Analysis, records and positions.
    // Counted as the move list counts: "7." Red's 7th move, "7…" Black's; a ply is one
    // player's move.
    Browsing => [
        "Position after {number}{dots} {move} (ply {ply} of {plies}) — End returns to the game",
        "Stellung nach {number}{dots} {move} (Halbzug {ply} von {plies}) — Ende kehrt zur Partie zurück",
        "第{number}回合 {move} 後的局面(第{ply}步，共{plies}步)——按 End 鍵返回對局",
    ],
    BrowsingStart => [
        "Starting position (ply 0 of {plies}) — End returns to the game",
        "Ausgangsstellung (Halbzug 0 von {plies}) — Ende kehrt zur Partie zurück",
        "開局局面(第0步，共{plies}步)——按 End 鍵返回對局",
    ],
    RecordButton => ["Record / FEN…", "Partie / FEN…", "棋譜 / FEN…"],
    RecordTitle => ["Record and position", "Partie und Stellung", "棋譜與局面"],
    ExportRecord => ["Export record", "Partie exportieren", "匯出棋譜"],
    ExportFen => ["Export FEN", "FEN exportieren", "匯出 FEN"],
    LoadRecord => ["Load record", "Partie laden", "載入棋譜"],
    LoadFen => ["Load FEN", "FEN laden", "載入 FEN"],
    RecordHelp => [
        "Export puts the text here to copy; paste a record or a FEN and load it.",
        "Exportieren legt den Text hier zum Kopieren ab; füge eine Partie oder eine FEN ein und lade sie.",
        "匯出會把文字放在這裡供複製；也可以貼上棋譜或 FEN 再載入。",
    ],
    RecordFilePath => ["file:", "Datei:", "檔案："],
    SaveToFile => ["Save box to file", "Inhalt in Datei speichern", "存入檔案"],
    OpenFile => ["Open file into box", "Datei öffnen", "開啟檔案"],
    FileSaved => ["Saved to {path}", "Gespeichert in {path}", "已存入 {path}"],
    FileOpened => [
        "Opened {path}: load it as a record or a FEN",
        "{path} geöffnet: als Partie oder FEN laden",
        "已開啟 {path}：請作為棋譜或 FEN 載入",
    ],
    FileNoPath => ["Type a file path first", "Gib zuerst einen Dateipfad ein", "請先輸入檔案路徑"],
    FileEmptyBox => [
        "Nothing to save: export a record or a FEN first",
        "Nichts zu speichern: exportiere zuerst eine Partie oder eine FEN",
        "沒有內容可存：請先匯出棋譜或 FEN",
    ],
    FileReadError => [
        "Could not read {path}: {error}",
        "{path} ließ sich nicht lesen: {error}",
        "無法讀取 {path}：{error}",
    ],
    FileWriteError => [
        "Could not write {path}: {error}",
        "{path} ließ sich nicht schreiben: {error}",
        "無法寫入 {path}：{error}",
    ],
    FileTooLarge => [
        "it is larger than a game record can be ({size} bytes)",
        "sie ist größer, als eine Partie sein kann ({size} Bytes)",
        "檔案大於棋譜可能的大小({size} 位元組)",
    ],
    FileNotText => ["it is not UTF-8 text", "sie ist kein UTF-8-Text", "不是 UTF-8 文字"],
    RecordLoaded => [
        "Loaded: a new game for two players",
        "Geladen: eine neue Partie für zwei Spieler",
        "已載入：新的雙人對局",
    ],
    RecordError => ["Record: {error}", "Partie: {error}", "棋譜：{error}"],
    FenError => ["FEN: {error}", "FEN: {error}", "FEN：{error}"],
    RecordNoSeed => [
        "a Jieqi record needs its Seed tag to deal the hidden pieces again (a record exported during a game has none)",
        "eine Jieqi-Partie braucht ihr Seed-Tag, um die verdeckten Figuren wieder zu verteilen (eine während der Partie exportierte hat keines)",
        "揭棋棋譜需要 Seed 標籤才能重新發出暗子(對局中匯出的棋譜沒有)",
    ],
    RecordSeedTag => ["tag Seed: {error}", "Tag Seed: {error}", "Seed 標籤：{error}"],
    RecordSeedStart => [
        "a Jieqi record from a seed must start from the Jieqi start",
        "eine Jieqi-Partie aus einem Code muss in der Jieqi-Anfangsstellung beginnen",
        "按代碼發子的揭棋棋譜必須從揭棋開局局面開始",
    ],
    RecordMove => [
        "move {number} for {side}: {error}",
        "Zug {number} von {side}: {error}",
        "{side}第{number}步：{error}",
    ],
    QuotedMove => ["'{text}': {reason}", "„{text}“: {reason}", "「{text}」：{reason}"],
    RecordWrongReveal => [
        "the revealed piece is not what the deal holds there",
        "die aufgedeckte Figur ist nicht die, die dort verteilt wurde",
        "翻開的棋子與發子不符",
    ],
    RecordResultMismatch => [
        "the result is {result}, but the moves end in {outcome}",
        "als Ergebnis steht {result}, aber die Züge enden so: {outcome}",
        "結果寫的是 {result}，但棋步的結局是：{outcome}",
    ],
    FenHidden => [
        "face-down pieces: a FEN does not say what they are, so only Xiangqi positions can be loaded",
        "verdeckte Figuren: Eine FEN sagt nicht, was sie sind, daher lassen sich nur Xiangqi-Stellungen laden",
        "有暗子：FEN 無法說明暗子是什麼，所以只能載入象棋局面",
    ],

    // The saved game, the files kept and the statistics.
    ResumeTitle => ["Resume your game?", "Deine Partie fortsetzen?", "繼續上次的對局？"],
    ResumeYes => ["Resume", "Fortsetzen", "繼續對局"],
    ResumeNo => ["New game", "Neue Partie", "新對局"],
    ResumePreview => [
        "{variant} — {opponent} — {moves}",
        "{variant} — {opponent} — {moves}",
        "{variant}——{opponent}——{moves}",
    ],
    PreviewTwoPlayers => ["two players", "zwei Spieler", "雙人對弈"],
    PreviewComputer => [
        "against the computer ({level}), you play {side}",
        "gegen den Computer ({level}), du spielst {side}",
        "對電腦({level})，你執{side}",
    ],
    OneMovePlayed => ["1 move played", "1 Zug gespielt", "已走一步"],
    SomeMovesPlayed => ["{n} moves played", "{n} Züge gespielt", "已走{n}步"],
    SaveFallback => ["A new game starts.", "Eine neue Partie beginnt.", "開始新對局。"],
    SettingsFallback => [
        "The game starts with the default settings.",
        "Das Spiel beginnt mit den Standardeinstellungen.",
        "遊戲以預設設定開始。",
    ],
    StatsFallback => [
        "The counts start again from zero.",
        "Die Zählung beginnt wieder bei null.",
        "統計從零重新開始。",
    ],
    FileDamagedKept => [
        "{name} is damaged ({reason}); it was kept as {aside}. {fallback}",
        "{name} ist beschädigt ({reason}); die Datei wurde als {aside} aufbewahrt. {fallback}",
        "{name} 已損壞({reason})；已另存為 {aside}。{fallback}",
    ],
    FileDamagedStuck => [
        "{name} is damaged ({reason}); it could not be moved aside: {error}. {fallback}",
        "{name} ist beschädigt ({reason}); die Datei ließ sich nicht beiseitelegen: {error}. {fallback}",
        "{name} 已損壞({reason})；無法移到一旁：{error}。{fallback}",
    ],
    FileNotRegular => [
        "{name} is not a file the game can read ({what}); it was left as it is. {fallback}",
        "{name} ist keine lesbare Datei ({what}); sie bleibt unverändert. {fallback}",
        "{name} 不是可讀的檔案({what})；已保持原樣，未移動。{fallback}",
    ],
    CouldNotSave => [
        "Could not save {name}: {error}",
        "{name} konnte nicht gespeichert werden: {error}",
        "無法儲存 {name}：{error}",
    ],
    SavedFiles => ["Saved files", "Gespeicherte Dateien", "存檔"],
    Ok => ["OK", "OK", "確定"],
    Statistics => ["Statistics", "Statistik", "統計"],
    Settings => ["Settings", "Einstellungen", "設定"],
    LanguageSetting => ["Language", "Sprache", "語言"],
    PieceStyle => ["Pieces", "Figuren", "棋子"],
    BoardSetting => ["Board", "Brett", "棋盤"],
    TakeBacksSetting => ["Take-backs", "Zurücknehmen", "悔棋"],
    Reset => ["Reset", "Zurücksetzen", "重設"],
    StatsGame => ["Game", "Partie", "對局"],
    RedWins => ["Red wins", "Siege Rot", "紅勝"],
    BlackWins => ["Black wins", "Siege Schwarz", "黑勝"],
    Draws => ["Draws", "Remis", "和棋"],
    NoGameFinished => [
        "No game has finished yet.",
        "Noch ist keine Partie zu Ende gespielt.",
        "還沒有下完的對局。",
    ],
    StatsTwoPlayers => ["{variant} — two players", "{variant} — zwei Spieler", "{variant}——雙人對弈"],
    StatsComputer => [
        "{variant} — computer ({level})",
        "{variant} — Computer ({level})",
        "{variant}——電腦({level})",
    ],
    StatsWithTakeBacks => ["{kind} — with take-backs", "{kind} — mit Rücknahmen", "{kind}——有悔棋"],
    StatsMatch => ["Duplicate match", "Duplikat-Wettkampf", "複式賽"],
    MatchWonByOne => ["Player 1 / you won", "Spieler 1 / du gewonnen", "玩家1/你勝"],
    MatchWonByTwo => ["Player 2 / computer won", "Spieler 2 / Computer gewonnen", "玩家2/電腦勝"],
    MatchEven => ["Even", "Unentschieden", "平手"],
    StatsMatchesNote => [
        "A duplicate match counts once both games are over, by the two games' points (a win 1, a draw ½); its games are not counted as games. One abandoned counts as lost by the player who left it; between its games, two players' is not counted.",
        "Ein Duplikat-Wettkampf zählt, sobald beide Partien zu Ende sind, nach den Punkten beider Partien (Sieg 1, Remis ½); seine Partien zählen nicht als Partien. Ein aufgegebener zählt als verloren für den, der ihn verließ; zwischen den Partien wird er bei zwei Spielern nicht gezählt.",
        "複式賽在兩局都下完後按兩局積分（勝1分，和½分）計入；其中的對局不另計。中途放棄記為離開者輸；雙人在兩局之間放棄則不計。",
    ],
    StatsAbandonedNote => [
        "A game abandoned for a new one counts as a resignation: against the computer yours, between two players the side to move's.",
        "Eine Partie, die für eine neue aufgegeben wird, zählt als Aufgabe: gegen den Computer als deine, zwischen zwei Spielern als die der Seite am Zug.",
        "為開新局而放棄的對局記為認輸：對電腦時記為你認輸，雙人對弈時記為輪到走棋的一方認輸。",
    ],
    StatsTakeBacksNote => [
        "\"With take-backs\": a take-back undid the capture of a face-down piece its player had seen, or reopened a game whose hidden pieces had been shown.",
        "„Mit Rücknahmen“: Eine Rücknahme hat das Schlagen eines verdeckten Steins rückgängig gemacht, den der Spieler gesehen hatte, oder eine Partie wieder geöffnet, deren verdeckte Steine schon gezeigt waren.",
        "「有悔棋」：曾悔掉吃下自己已看過的暗子的一步，或在暗子全部公開後悔棋。",
    ],

    // The mode selector and settings.
    NewGame => ["New game", "Neue Partie", "新對局"],
    NewGameButton => ["New game…", "Neue Partie …", "新對局…"],
    PlayOnlineButton => ["Play online…", "Online spielen …", "線上對弈…"],
    VariantRow => ["Game", "Spiel", "棋種"],
    OpponentRow => ["Opponent", "Gegner", "對手"],
    HandicapRow => ["Handicap", "Vorgabe", "讓子"],
    DealRow => ["Deal", "Verteilung", "發子"],
    TwoPlayers => ["Two players", "Zwei Spieler", "雙人對弈"],
    VsComputer => ["Computer", "Computer", "人機對弈"],
    YouPlay => ["you play", "du spielst", "你執"],
    YouAre => ["you are", "du bist", "你是"],
    NoHandicap => ["no handicap", "keine Vorgabe", "不讓子"],
    OneHorse => ["one horse", "ein Pferd", "讓一馬"],
    BothHorses => ["both horses", "beide Pferde", "讓雙馬"],
    GivenBy => ["given by", "gegeben von", "讓子方"],
    Random => ["random", "zufällig", "隨機"],
    FromSeed => ["from seed", "aus Code", "按代碼"],
    SeedPlaceholder => [
        "seed code, e.g. 7 or 1A-2B3C",
        "Code, z. B. 7 oder 1A-2B3C",
        "代碼，例如 7 或 1A-2B3C",
    ],
    ClockRow => ["Clock", "Bedenkzeit", "計時"],
    NoClock => ["none", "keine", "不計時"],
    CustomClock => ["custom", "eigene", "自訂"],
    ClockPlaceholder => [
        "minutes+seconds a move, e.g. 5+3",
        "Minuten+Sekunden je Zug, z. B. 5+3",
        "分鐘+每步秒數，例如 5+3",
    ],
    BadClock => [
        "A time control is minutes plus seconds a move, e.g. 5+3.",
        "Eine Bedenkzeit ist Minuten plus Sekunden je Zug, z. B. 5+3.",
        "計時寫作分鐘加每步秒數，例如 5+3。",
    ],
    Start => ["Start", "Starten", "開始"],
    Animations => ["animations", "Animationen", "動畫"],
    SoundVolume => ["Sound", "Ton", "音量"],
    TableMode => ["table mode", "Tischmodus", "對坐模式"],
    Coordinates => ["coordinates", "Koordinaten", "座標"],
    Letters => ["letters", "Buchstaben", "字母"],
    NotationChinese => ["Chinese", "Chinesisch", "中文"],
    PiecesChinese => ["Chinese pieces", "Chinesische Figuren", "漢字棋子"],
    PiecesLetters => ["Letters only", "Nur Buchstaben", "僅字母"],
    Rules => ["Rules", "Regeln", "規則"],

    // House rules (rules.md §10): the window, the line during play, every option.
    HouseRules => ["House rules", "Hausregeln", "特別規則"],
    HouseRulesStandard => ["standard …", "Standard …", "標準…"],
    HouseRulesChanged => ["changed …", "geändert …", "已更改…"],
    HouseRulesTitle => [
        "House rules of the next game",
        "Hausregeln der nächsten Partie",
        "下一局的特別規則",
    ],
    HouseRulesNote => [
        "They hold for the game started next; both players see them during the game.",
        "Sie gelten für die nächste Partie; beide Spieler sehen sie während der Partie.",
        "它們適用於下一局；對局中雙方都看得到。",
    ],
    StandardRules => ["standard rules", "Standardregeln", "標準規則"],
    RulesInForce => ["House rules: {rules}", "Hausregeln: {rules}", "特別規則：{rules}"],
    Listed => ["{first}, {next}", "{first}, {next}", "{first}；{next}"],
    OptionSetting => ["{option}: {value}", "{option}: {value}", "{option}：{value}"],
    ValPlies => ["after {n} plies", "nach {n} Halbzügen", "{n}步後"],
    Beginner => ["Beginner", "Anfänger", "入門"],
    Casual => ["Casual", "Gelegenheitsspieler", "休閒"],
    Club => ["Club", "Vereinsspieler", "業餘"],
    Advanced => ["Advanced", "Fortgeschritten", "進階"],
    Expert => ["Expert", "Experte", "專家"],
    Master => ["Master", "Meister", "大師"],

    // Seed codes (the rules crate's `ParseSeedError`).
    SeedError => ["Seed code: {error}", "Code: {error}", "代碼：{error}"],
    SeedEmpty => ["the seed code is empty", "der Code ist leer", "代碼是空的"],
    SeedBadSymbol => [
        "'{symbol}' (character {position}) cannot be part of a seed code, which uses the digits and the letters A-Z except U",
        "'{symbol}' (Zeichen {position}) darf nicht in einem Code stehen: Erlaubt sind Ziffern und die Buchstaben A–Z außer U",
        "「{symbol}」（第{position}個字元）不能用在代碼中：代碼只用數字和 U 以外的字母 A–Z",
    ],
    SeedTooLarge => [
        "the seed code is too large: the largest is F-ZZZZ-ZZZZ-ZZZZ",
        "der Code ist zu groß: Der größte ist F-ZZZZ-ZZZZ-ZZZZ",
        "代碼太大：最大是 F-ZZZZ-ZZZZ-ZZZZ",
    ],

    // The rules screen (rules.md §3–§7).
    RulesPieceTitle => ["{name} {chars}", "{name} {chars}", "{chars}"],
    RulesBoard => [
        "Xiangqi is played on the points of a board of 9 × 10 points. The river crosses the middle; each side's palace is the square of 3 × 3 points with the diagonals. Red moves first. A move may capture an enemy piece by moving onto its point. The dots in each picture show where the piece may go, the rings what it may capture.",
        "Xiangqi wird auf den Punkten eines Bretts mit 9 × 10 Punkten gespielt. Der Fluss teilt es in der Mitte; der Palast jeder Seite ist das Quadrat aus 3 × 3 Punkten mit den Diagonalen. Rot zieht zuerst. Man schlägt eine gegnerische Figur, indem man auf ihren Punkt zieht. Die Punkte in jedem Bild zeigen, wohin die Figur ziehen darf, die Ringe, was sie schlagen kann.",
        "象棋在九路十線的交叉點上進行。棋盤中間是河界；雙方各有一個帶斜線的三乘三九宮。紅方先走。走到對方棋子所在的點即吃掉該子。圖中的圓點表示棋子可以走到的位置，圓圈表示可以吃的子。",
    ],
    RulesGeneral => [
        "One step along a line, never out of its palace. The two generals may never face each other on an open file.",
        "Ein Schritt entlang einer Linie, nie aus seinem Palast. Die beiden Generäle dürfen sich nie auf einer offenen Linie gegenüberstehen.",
        "沿直線走一步，不能走出九宮。雙方將帥不能在同一直線上直接照面。",
    ],
    RulesAdvisor => [
        "One step diagonally, never out of its palace.",
        "Ein Schritt diagonal, nie aus dem Palast.",
        "沿斜線走一步，不能走出九宮。",
    ],
    RulesElephant => [
        "Exactly two steps diagonally; blocked if the point in between (the eye) is taken. It never crosses the river.",
        "Genau zwei Schritte diagonal; blockiert, wenn der Punkt dazwischen (das Auge) besetzt ist. Er überquert nie den Fluss.",
        "沿斜線走兩步（走「田」字）；中間的點（象眼）有子時不能走。象不能過河。",
    ],
    RulesHorse => [
        "One step along a line, then one diagonally outward; blocked if the first point (the leg) is taken.",
        "Ein Schritt entlang einer Linie, dann einer diagonal nach außen; blockiert, wenn der erste Punkt (das Bein) besetzt ist.",
        "先直走一步再斜走一步（走「日」字）；第一步的點（馬腿）有子時不能走。",
    ],
    RulesChariot => [
        "Any distance along a line, without jumping.",
        "Beliebig weit entlang einer Linie, ohne zu springen.",
        "沿直線走任意距離，不能越子。",
    ],
    RulesCannon => [
        "Moves like a chariot; captures only by jumping over exactly one piece of either colour (the screen).",
        "Zieht wie ein Wagen; schlägt nur, indem sie genau eine Figur beliebiger Farbe (den Schirm) überspringt.",
        "不吃子時走法同車；吃子時必須隔著一個棋子（炮架），任何一方的棋子都可以。",
    ],
    RulesSoldier => [
        "One step forward; after crossing the river also one step sideways. Never backwards.",
        "Ein Schritt vorwärts; nach dem Überqueren des Flusses auch ein Schritt seitwärts. Nie rückwärts.",
        "向前走一步；過河後也可以橫走一步。永遠不能後退。",
    ],
    RulesWinning => [
        "A player in check must answer it. Whoever has no legal move loses, in check (checkmate) or not (stalemate). Perpetual check loses.",
        "Wer im Schach steht, muss es abwehren. Wer keinen legalen Zug hat, verliert, ob im Schach (Schachmatt) oder nicht (Patt). Dauerschach verliert.",
        "被將軍時必須應將。無子可動的一方判負，無論是被將死還是困斃。長將判負。",
    ],
    RulesTakeBacksTitle => [
        "Take-backs and unfinished games",
        "Zurücknehmen und unfertige Partien",
        "悔棋與未下完的對局",
    ],
    RulesTakeBacks => [
        "Against the computer a take-back is immediate, back to your previous move; between two players the other player agrees first, unless the setting \"take-backs need consent\" is off.\n\nIn Jieqi a take-back could teach what a face-down piece is: capture it, see it, take the move back. The setting \"take-backs after a face-down capture\" decides. Allowed (the default): the game is counted apart in the statistics, \"with take-backs\". Not allowed: a take-back that would undo the capture of a face-down piece you have seen, or reopen a game whose hidden pieces the result card has shown, is refused.\n\nStarting a new game, \"Again\", or loading a record or a position while a game with a move played is running asks first. The abandoned game counts as a resignation in the statistics: against the computer yours, between two players the side to move's.",
        "Gegen den Computer wirkt eine Rücknahme sofort, zurück bis zu deinem vorigen Zug; zwischen zwei Spielern stimmt erst der andere Spieler zu, außer die Einstellung „Zurücknehmen nur mit Zustimmung“ ist aus.\n\nIn Jieqi könnte eine Rücknahme verraten, was ein verdeckter Stein ist: ihn schlagen, ansehen, den Zug zurücknehmen. Die Einstellung „Zurücknehmen nach dem Schlagen verdeckter Steine“ entscheidet. Erlaubt (die Vorgabe): Die Partie wird in der Statistik getrennt gezählt, „mit Rücknahmen“. Nicht erlaubt: Eine Rücknahme, die das Schlagen eines verdeckten Steins rückgängig machen würde, den du gesehen hast, oder eine Partie wieder öffnen würde, deren verdeckte Steine die Ergebniskarte gezeigt hat, wird abgelehnt.\n\nWer eine neue Partie startet, „Noch einmal“ wählt oder eine Partie oder Stellung lädt, während eine Partie mit mindestens einem Zug läuft, wird zuerst gefragt. Die aufgegebene Partie zählt in der Statistik als Aufgabe: gegen den Computer als deine, zwischen zwei Spielern als die der Seite am Zug.",
        "對電腦時悔棋立即生效，退回到你的上一步；雙人對弈時須對方先同意，除非關閉了「悔棋須對方同意」設定。\n\n在揭棋中，悔棋可能洩露暗子的身分：吃掉它、看到它、再悔棋。由「吃暗子後可悔棋」設定決定。允許（預設）：該局在統計中另行計算，標為「有悔棋」。不允許：凡會撤回吃掉你已看過的暗子，或在結果卡公開全部暗子後重開對局的悔棋，一律拒絕。\n\n在已走過棋的對局進行中開始新局、選「再來一局」或載入棋譜或局面時，會先詢問。被放棄的對局在統計中記為認輸：對電腦時記為你認輸，雙人對弈時記為輪到走棋的一方認輸。",
    ],
    RulesJieqiTitle => ["Jieqi 揭棋: hidden pieces", "Jieqi 揭棋: verdeckte Figuren", "揭棋：暗子"],
    RulesJieqi => [
        "Only the generals start face-up; the other pieces of each side are shuffled and lie face-down on that side's start points. Nobody sees what a hidden piece is, not even its owner.\n\nA hidden piece moves as the piece that normally starts on its point (in the picture: the hidden piece in the corner moves like a chariot). It is revealed by its first move and from then on moves as what it really is.\n\nRevealed advisors may go anywhere on the board, revealed elephants may cross the river (the eye still blocks). Generals and soldiers move as usual.\n\nWhoever captures a hidden piece learns what it was; the other player only when the game ends. At the end everything is revealed, with the deal's seed code.",
        "Nur die Generäle beginnen offen; die übrigen Figuren jeder Seite werden gemischt und liegen verdeckt auf den Startpunkten ihrer Seite. Niemand sieht, was eine verdeckte Figur ist, auch ihr Besitzer nicht.\n\nEine verdeckte Figur zieht wie die Figur, die normalerweise auf ihrem Punkt beginnt (im Bild: die verdeckte Figur in der Ecke zieht wie ein Wagen). Mit ihrem ersten Zug wird sie aufgedeckt und zieht danach als das, was sie wirklich ist.\n\nAufgedeckte Berater dürfen überall hin, aufgedeckte Elefanten dürfen den Fluss überqueren (das Auge blockiert weiterhin). Generäle und Soldaten ziehen wie gewohnt.\n\nWer eine verdeckte Figur schlägt, erfährt, was sie war; der andere Spieler erst am Ende der Partie. Am Ende wird alles aufgedeckt, mit dem Code der Verteilung.",
        "開局時只有將帥是明子；雙方其餘棋子洗亂後背面朝上放在本方的起始位置。誰都看不到暗子是什麼，連它的主人也看不到。\n\n暗子按其所在起始位置原本的棋子走法行走（圖中：角上的暗子按車走）。暗子第一次走動時翻開，此後按真實身分行走。\n\n翻開的士可以走遍全盤，翻開的象可以過河（象眼仍然有效）。將帥和兵卒走法不變。\n\n吃掉暗子的一方知道它是什麼；另一方要到對局結束才知道。對局結束時所有暗子連同暗子代碼一起公開。",
    ],
}

impl Text {
    /// This text in `lang`.
    pub const fn get(self, lang: Language) -> &'static str {
        let [en, de, zh] = self.columns();
        match lang {
            Language::English => en,
            Language::German => de,
            Language::Chinese => zh,
        }
    }
}

/// A value for a blank: a catalogue text, a phrase, or something no language changes (a
/// square, a number, a player's typed character).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    Text(Text),
    Phrase(Box<Phrase>),
    /// A variant's own words (its title, its options, its reasons).
    Own(Words),
    Plain(String),
}

impl From<Text> for Word {
    fn from(t: Text) -> Word {
        Word::Text(t)
    }
}

impl From<Phrase> for Word {
    fn from(p: Phrase) -> Word {
        Word::Phrase(Box::new(p))
    }
}

impl From<Words> for Word {
    fn from(words: Words) -> Word {
        Word::Own(words)
    }
}

/// A variant's words in `lang`.
pub const fn own(words: &Words, lang: Language) -> &'static str {
    match lang {
        Language::English => words.english,
        Language::German => words.german,
        Language::Chinese => words.chinese,
    }
}

impl From<String> for Word {
    fn from(s: String) -> Word {
        Word::Plain(s)
    }
}

impl From<Side> for Word {
    fn from(side: Side) -> Word {
        Word::Text(side_name(side))
    }
}

impl Word {
    pub fn say(&self, lang: Language) -> String {
        match self {
            Word::Text(t) => t.get(lang).to_string(),
            Word::Phrase(p) => p.say(lang),
            Word::Own(words) => own(words, lang).to_string(),
            Word::Plain(s) => s.clone(),
        }
    }
}

/// A text with its blanks filled, that can be said in any language, now or after a switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    text: Text,
    words: Vec<(&'static str, Word)>,
}

impl From<Text> for Phrase {
    fn from(text: Text) -> Phrase {
        Phrase::new(text)
    }
}

impl Phrase {
    pub fn new(text: Text) -> Phrase {
        Phrase {
            text,
            words: Vec::new(),
        }
    }

    /// Fills the blank `{name}`.
    pub fn with(mut self, name: &'static str, word: impl Into<Word>) -> Phrase {
        self.words.push((name, word.into()));
        self
    }

    /// The text in `lang` with its blanks filled (in one pass: a filled-in word is never
    /// read for blanks again). A blank without a word stays as written.
    pub fn say(&self, lang: Language) -> String {
        let template = self.text.get(lang);
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let close = after.find('}');
            let word = close.and_then(|c| {
                self.words
                    .iter()
                    .find(|(name, _)| *name == &after[..c])
                    .map(|(_, w)| (c, w))
            });
            match word {
                Some((c, w)) => {
                    out.push_str(&w.say(lang));
                    rest = &after[c + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// "Red", "Black".
pub const fn side_name(side: Side) -> Text {
    match side {
        Side::Red => Text::Red,
        Side::Black => Text::Black,
    }
}

/// "Red 紅", "Black 黑": a side with its character.
pub const fn side_label(side: Side) -> Text {
    match side {
        Side::Red => Text::RedLabel,
        Side::Black => Text::BlackLabel,
    }
}

pub const fn role_name(role: Role) -> Text {
    match role {
        Role::General => Text::General,
        Role::Advisor => Text::Advisor,
        Role::Elephant => Text::Elephant,
        Role::Horse => Text::Horse,
        Role::Chariot => Text::Chariot,
        Role::Cannon => Text::Cannon,
        Role::Soldier => Text::Soldier,
    }
}

/// "Xiangqi 象棋", "Jieqi 揭棋", "Banqi 暗棋": the variant's own title.
pub fn variant_title(variant: VariantRef) -> Word {
    Word::Own(variant.title())
}

/// A computer level's name; the English column is the level's own name ("Club").
pub const fn level_name(level: Level) -> Text {
    match level {
        Level::Beginner => Text::Beginner,
        Level::Casual => Text::Casual,
        Level::Club => Text::Club,
        Level::Advanced => Text::Advanced,
        Level::Expert => Text::Expert,
        Level::Master => Text::Master,
    }
}

/// A review's mark: "Inaccuracy", "Mistake", "Blunder".
pub const fn review_mark(mark: Mark) -> Text {
    match mark {
        Mark::Inaccuracy => Text::ReviewInaccuracy,
        Mark::Mistake => Text::ReviewMistake,
        Mark::Blunder => Text::ReviewBlunder,
    }
}

/// Why a move was refused (rules.md §4).
pub const fn refusal(reason: Refusal) -> Text {
    match reason {
        Refusal::NoPiece => Text::NoPiece,
        Refusal::NotYourPiece => Text::NotYourPiece,
        Refusal::NotYourTurn => Text::NotYourTurn,
        Refusal::OwnPieceOnTarget => Text::OwnPieceOnTarget,
        Refusal::PieceInTheWay => Text::PieceInTheWay,
        Refusal::WrongDirection => Text::WrongDirection,
        Refusal::LegBlocked => Text::LegBlocked,
        Refusal::EyeBlocked => Text::EyeBlocked,
        Refusal::MustStayInPalace => Text::MustStayInPalace,
        Refusal::CannotCrossRiver => Text::CannotCrossRiver,
        Refusal::SoldierBackwards => Text::SoldierBackwards,
        Refusal::SoldierSidewaysBeforeRiver => Text::SoldierSidewaysBeforeRiver,
        Refusal::CannonNeedsScreen => Text::CannonNeedsScreen,
        Refusal::LeavesGeneralInCheck => Text::LeavesGeneralInCheck,
        Refusal::GeneralsFacing => Text::GeneralsFacing,
    }
}

/// How the game ended: "Red wins: checkmate (mate by chariot)".
pub fn outcome(outcome: Outcome) -> Phrase {
    match outcome {
        Outcome::Win { winner, reason } => {
            let loser = winner.other();
            let reason = match reason {
                WinReason::Checkmate(kind) => {
                    let kind = match kind {
                        MateKind::DoubleCheck => Phrase::new(Text::DoubleCheck),
                        MateKind::DoubleCannon => Phrase::new(Text::DoubleCannonMate),
                        MateKind::HorseCannon => Phrase::new(Text::HorseCannonMate),
                        MateKind::By(role) => {
                            Phrase::new(Text::MateBy).with("role", role_name(role))
                        }
                    };
                    Phrase::new(Text::Checkmate).with("kind", kind)
                }
                WinReason::Stalemate => Phrase::new(Text::Stalemate).with("loser", loser),
                WinReason::Resignation => Phrase::new(Text::Resigned).with("loser", loser),
                WinReason::PerpetualCheck => {
                    Phrase::new(Text::GavePerpetualCheck).with("loser", loser)
                }
                WinReason::PerpetualChase => {
                    Phrase::new(Text::KeptPerpetualChase).with("loser", loser)
                }
                WinReason::NoPiecesLeft => Phrase::new(Text::NoPiecesLeft).with("loser", loser),
                WinReason::Time => Phrase::new(Text::LostOnTime).with("loser", loser),
            };
            Phrase::new(Text::Wins)
                .with("winner", winner)
                .with("reason", reason)
        }
        Outcome::Draw { reason } => Phrase::new(Text::Draw).with(
            "reason",
            match reason {
                DrawReason::Agreement => Text::DrawAgreed,
                DrawReason::MoveLimit => Text::DrawMoveLimit,
                DrawReason::NoCapture => Text::DrawNoCapture,
                DrawReason::Repetition => Text::DrawRepetition,
                DrawReason::NoFlipOrCapture => Text::DrawNoFlipOrCapture,
            },
        ),
    }
}

/// A warning or hint of the rules (rules.md §6).
pub fn notice(notice: Notice) -> Phrase {
    match notice {
        Notice::PerpetualCheckWarning { side } => {
            Phrase::new(Text::PerpetualCheckWarning).with("side", side)
        }
        Notice::PerpetualChaseWarning { side, chased } => Phrase::new(Text::PerpetualChaseWarning)
            .with("side", side)
            .with("square", chased.to_string()),
        Notice::RepetitionDrawHint => Phrase::new(Text::RepetitionDrawHint),
        Notice::NoCaptureHint => Phrase::new(Text::NoCaptureHint),
    }
}

/// Why the game refused a request.
pub fn game_error(error: &GameError) -> Phrase {
    match error {
        GameError::Illegal(illegal) => refusal(illegal.reason).into(),
        GameError::GameOver(o) => Phrase::new(Text::GameOver).with("outcome", outcome(*o)),
    }
}

/// Why the rules refused a turn: the Xiangqi family's reason or the variant's own, in the
/// player's language.
pub fn turn_error(error: &TurnError) -> Phrase {
    match error {
        TurnError::Illegal(illegal) => refusal(illegal.reason).into(),
        TurnError::GameOver(o) => Phrase::new(Text::GameOver).with("outcome", outcome(*o)),
        TurnError::Refused { reason, .. } => Phrase::new(Text::OwnReason).with("reason", *reason),
        TurnError::RevealUntold => Text::RevealUntold.into(),
        // Text the rules could not read, or a reveal the deal does not make: the screen
        // only plays the turns its table offers, so neither comes from a click.
        _ => Text::IllegalTurn.into(),
    }
}

/// Why a typed seed code was refused: "Seed code: the seed code is empty".
pub fn seed_error(error: &ParseSeedError) -> Phrase {
    Phrase::new(Text::SeedError).with("error", seed_problem(error))
}

/// What is wrong with a seed code: "the seed code is empty".
pub fn seed_problem(error: &ParseSeedError) -> Phrase {
    match error {
        ParseSeedError::Empty => Phrase::new(Text::SeedEmpty),
        ParseSeedError::BadSymbol { symbol, position } => Phrase::new(Text::SeedBadSymbol)
            // Escaped as the rules crate writes it: a line break must not break the line.
            .with("symbol", symbol.escape_debug().to_string())
            .with("position", position.to_string()),
        ParseSeedError::TooLarge => Phrase::new(Text::SeedTooLarge),
    }
}

/// A house-rule option's name (rules.md §10), in the variant's own words.
pub fn option_name(option: &OptionSpec) -> Word {
    Word::Own(option.name)
}

/// What an option's values change, in the variant's own words.
pub fn option_about(option: &OptionSpec) -> Word {
    Word::Own(option.about)
}

/// One value of an option, as the rules crate writes it (`judged`, `120`): a choice in the
/// variant's own words, a number of plies in the catalogue's.
pub fn option_value(option: &OptionSpec, value: &str) -> Word {
    match option.kind {
        OptionKind::Choice(choices) => choices
            .iter()
            .find(|c| c.key == value)
            .map_or_else(|| Word::from(value.to_string()), |c| Word::Own(c.words)),
        OptionKind::Plies { .. } => Phrase::new(Text::ValPlies)
            .with("n", value.to_string())
            .into(),
    }
}

/// The options of `rules` that differ from the standard, in words ("perpetual chase: loses,
/// 400-ply limit: off"), or `None` under the standard rules.
pub fn house_rules(rules: OptionValues) -> Option<Phrase> {
    let settings: Vec<Phrase> = rules
        .specs()
        .iter()
        .filter_map(|option| {
            let value = rules.get(option.key)?;
            (value != option.default_text()).then(|| {
                Phrase::new(Text::OptionSetting)
                    .with("option", option_name(option))
                    .with("value", option_value(option, &value))
            })
        })
        .collect();
    let mut settings = settings.into_iter();
    let first = settings.next()?;
    let joined = settings.fold(first, |acc, next| {
        Phrase::new(Text::Listed)
            .with("first", acc)
            .with("next", next)
    });
    Some(Phrase::new(Text::RulesInForce).with("rules", joined))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::Square;

    /// The English column must say what the rules crate says, word for word.
    #[test]
    fn english_matches_the_rules_crate() {
        for r in Refusal::ALL {
            assert_eq!(refusal(r).get(Language::English), r.message());
        }
        let mut outcomes = vec![
            Outcome::Draw {
                reason: DrawReason::Agreement,
            },
            Outcome::Draw {
                reason: DrawReason::MoveLimit,
            },
            Outcome::Draw {
                reason: DrawReason::NoCapture,
            },
            Outcome::Draw {
                reason: DrawReason::Repetition,
            },
            Outcome::Draw {
                reason: DrawReason::NoFlipOrCapture,
            },
        ];
        for winner in Side::ALL {
            let mut reasons = vec![
                WinReason::Stalemate,
                WinReason::Resignation,
                WinReason::PerpetualCheck,
                WinReason::PerpetualChase,
                WinReason::NoPiecesLeft,
                WinReason::Time,
                WinReason::Checkmate(MateKind::DoubleCheck),
                WinReason::Checkmate(MateKind::DoubleCannon),
                WinReason::Checkmate(MateKind::HorseCannon),
            ];
            reasons.extend(Role::ALL.map(|r| WinReason::Checkmate(MateKind::By(r))));
            outcomes.extend(
                reasons
                    .into_iter()
                    .map(|reason| Outcome::Win { winner, reason }),
            );
        }
        for o in outcomes {
            assert_eq!(outcome(o).say(Language::English), o.to_string());
        }
        let sq = Square::parse("c7").unwrap();
        for n in [
            Notice::PerpetualCheckWarning { side: Side::Black },
            Notice::PerpetualChaseWarning {
                side: Side::Red,
                chased: sq,
            },
            Notice::RepetitionDrawHint,
            Notice::NoCaptureHint,
        ] {
            assert_eq!(notice(n).say(Language::English), n.to_string());
        }
        for level in Level::ALL {
            assert_eq!(level_name(level).get(Language::English), level.name());
        }
        for text in ["", "7U!", "ZZZZZZZZZZZZZZZZZZ"] {
            let err = text.parse::<jieqi_rules::Seed>().unwrap_err();
            assert_eq!(
                seed_error(&err).say(Language::English),
                format!("Seed code: {err}")
            );
        }
    }

    #[test]
    fn blanks_are_filled_once() {
        let p = Phrase::new(Text::OffersDraw).with("side", "{side}".to_string());
        assert_eq!(p.say(Language::English), "{side} offers a draw");
        assert_eq!(
            Phrase::new(Text::OffersDraw).say(Language::German),
            "{side} bietet Remis an"
        );
    }
}
