/// The questions Heirloom asks a storyteller when the family has not written one and no item or photo needs a story.
/// Written for this project; each is asked at most once per storyteller.
public enum BuiltInQuestions {
    public struct Question: Sendable, Hashable {
        public let theme: Theme
        public let text: String

        fileprivate init(_ theme: Theme, _ text: String) {
            self.theme = theme
            self.text = text
        }
    }

    public enum Theme: String, Sendable, CaseIterable {
        /// Games, pets, songs and small adventures from the storyteller’s early years.
        case childhood
        /// Parents, grandparents, brothers, sisters and the people who brought them up.
        case family
        /// Teachers, lessons, classmates and the journey to school.
        case school
        /// First jobs, working life, and the unpaid work of running a home.
        case work
        /// Sweethearts, courting and partners, always with an out for those who never married.
        case love
        /// Bringing up children and the children in their life, never assuming they had any.
        case children
        /// Homes, streets, towns and countries they have lived in.
        case places
        /// War, illness, loss and lean years, asked gently and never in the first weeks.
        case hardTimes
        /// Celebrations, customs, faith and special days, never assuming a religion.
        case traditions
        /// Dishes, recipes, treats and family meals.
        case food
        /// Old friends, new friends and the people who stood by them.
        case friends
        /// Days out, journeys and the places they have seen.
        case travel
        /// What life has taught them, passed on to the family.
        case advice
        /// How everyday life and the wider world have changed in their lifetime.
        case changes
        /// Objects, photographs and letters they have kept, and their stories.
        case keepsakes
    }

    /// In the order they are asked: themes interleaved so consecutive weeks differ, gentle ones first.
    public static let all: [Question] = [
        Question(.childhood, "What games did you love to play as a child?"),
        Question(.food, "What did you eat for breakfast as a child?"),
        Question(.friends, "Who was your best friend as a child?"),
        Question(.travel, "Where did your family go for a day out when you were young?"),
        Question(.school, "What do you remember about your first day at school?"),
        Question(.places, "Can you walk us through the home you grew up in, room by room?"),
        Question(.keepsakes, "What, if anything, have you kept from your childhood?"),
        Question(.traditions, "Which special days did your family celebrate when you were young?"),
        Question(.work, "What was the first job you were ever paid for?"),
        Question(.family, "What sayings did the grown-ups in your family use often?"),
        Question(.changes, "What did things cost when you were young, like a loaf of bread or a bus ride?"),
        Question(.advice, "What is the best advice you have ever been given?"),
        Question(.love, "Where did young people go to meet each other when you were young?"),
        Question(.children, "If you raised children, what did they love to do when they were small?"),
        Question(.childhood, "What is the very first thing you can remember?"),
        Question(.food, "Which dish takes you straight back to your childhood?"),
        Question(.friends, "Which friend have you known the longest?"),
        Question(.travel, "What is the first trip you remember taking?"),
        Question(.school, "How did you get to school each day?"),
        Question(.places, "What was the street or village like where you grew up?"),
        Question(.keepsakes, "Which object in your home means the most to you, and why?"),
        Question(.traditions, "What did a birthday look like when you were a child?"),
        Question(.work, "What did you buy with your first wages?"),
        Question(.hardTimes, "What small comfort has kept you going on hard days?"),
        Question(.family, "What was your mother like, or the woman who brought you up?"),
        Question(.changes, "What do you remember about watching television for the first time?"),
        Question(.advice, "What are you thankful for today?"),
        Question(.love, "What was courting like when you were young?"),
        Question(.children, "What is the funniest thing a child in your life has ever said?"),
        Question(.childhood, "Who did you play with most when you were small?"),
        Question(.food, "What was a special treat to eat when you were young?"),
        Question(.friends, "How did you meet your closest friend?"),
        Question(.travel, "Where is the most beautiful place you have ever been?"),
        Question(.school, "Which teacher do you remember best, and why?"),
        Question(.places, "What could you see from a window of your childhood home?"),
        Question(.keepsakes, "Which photograph do you treasure most, and what is the story behind it?"),
        Question(.traditions, "How did your family see in the new year?"),
        Question(.work, "How did you find your first proper job?"),
        Question(.hardTimes, "How did people help each other in hard times when you were young?"),
        Question(.family, "What was your father like, or the man who brought you up?"),
        Question(.changes, "What music did young people love when you were young?"),
        Question(.advice, "What small habit has made your life better?"),
        Question(.love, "Who was your first sweetheart, if you had one?"),
        Question(.children, "Which children, in or outside your family, have you been close to?"),
        Question(.childhood, "What did you like to do on long summer days as a child?"),
        Question(.food, "Who was the best cook in your family, and what did they make best?"),
        Question(.friends, "What did you and your friends do for fun in your teens?"),
        Question(.travel, "What was your first journey by train, boat or plane like?"),
        Question(.school, "Which lesson did you enjoy most at school?"),
        Question(.places, "Of all the homes you have lived in, which did you love most?"),
        Question(.keepsakes, "Which piece of clothing holds a memory for you?"),
        Question(.traditions, "What songs were sung when your family got together?"),
        Question(.work, "What did a normal working day look like for you?"),
        Question(.hardTimes, "What helped you get through a difficult time in your life?"),
        Question(.family, "Which family stories were told again and again when you were young?"),
        Question(.changes, "How did your family spend the evenings when you were young?"),
        Question(.advice, "What saying or rule do you try to live by?"),
        Question(.love, "Which love story in your family do you like best?"),
        Question(.children, "If you became a parent, what do you remember about the day you first met your child?"),
        Question(.childhood, "What made you laugh as a child?"),
        Question(.food, "What food did you refuse to eat as a child?"),
        Question(.friends, "Who is the funniest person you have ever known?"),
        Question(.travel, "Which trip do you remember most fondly?"),
        Question(.school, "What did you and your friends do between lessons?"),
        Question(.places, "What sounds do you remember from the place where you grew up?"),
        Question(.keepsakes, "What is the story behind a ring or watch you have worn?"),
        Question(.traditions, "What games did your family play at gatherings?"),
        Question(.work, "Who was the best person you ever worked with?"),
        Question(.hardTimes, "What did your family do to make money stretch when times were tight?"),
        Question(.family, "What nicknames did your family call you?"),
        Question(.changes, "What do you remember about using a telephone for the first time?"),
        Question(.advice, "What would you tell your twenty-year-old self?"),
        Question(.love, "If you married or settled down with someone, how did you first meet?"),
        Question(.children, "If you named a child, how did you choose the name?"),
        Question(.childhood, "What songs or rhymes do you remember from when you were small?"),
        Question(.food, "What was a big family meal like when you were young?"),
        Question(.friends, "What did you and a friend laugh about until you cried?"),
        Question(.travel, "What went wrong on a trip that makes you laugh now?"),
        Question(.school, "What did you eat at school in the middle of the day?"),
        Question(.places, "What was the kitchen like in the home you grew up in?"),
        Question(.keepsakes, "Which tool or kitchen item have you used for many years?"),
        Question(.traditions, "What is the best gift you have ever received?"),
        Question(.work, "What was the funniest thing that ever happened at work?"),
        Question(.hardTimes, "Who showed you courage when life was hard?"),
        Question(.family, "What work did your parents do, as far as you know?"),
        Question(.changes, "How did your family get from place to place when you were young?"),
        Question(.advice, "What are you most proud of in your life?"),
        Question(.love, "If you have been in love, what did you first notice about that person?"),
        Question(.children, "If there were little ones in your home, what was bedtime like?"),
        Question(.childhood, "What did you want to be when you grew up?"),
        Question(.food, "Which recipe would you like the family to keep, and how do you make it?"),
        Question(.friends, "What adventure have you had with a friend?"),
        Question(.travel, "What was the furthest you went from home as a young person?"),
        Question(.school, "What did you wear to school?"),
        Question(.places, "Which shops do you remember near your childhood home?"),
        Question(.keepsakes, "Which book has stayed with you through your life?"),
        Question(.traditions, "What did you wear for special occasions when you were young?"),
        Question(.work, "What tools or machines did you use in your work?"),
        Question(.hardTimes, "What hard time are you proud of getting through?"),
        Question(.family, "If you knew any of your grandparents, which one do you remember best?"),
        Question(.changes, "How were clothes washed when you were young?"),
        Question(.advice, "What makes a good life, in your view?"),
        Question(.love, "If you had a wedding, what do you remember about the day?"),
        Question(.children, "If there were children in your home, how did you mark their birthdays?"),
        Question(.childhood, "What toy or treasure did you love most as a child?"),
        Question(.food, "What was the first thing you learned to cook?"),
        Question(.friends, "Which people living nearby became good friends?"),
        Question(.travel, "What did you pack for a trip when you were young?"),
        Question(.school, "Which lesson did you find hardest?"),
        Question(.places, "If you had a garden, what did you grow there?"),
        Question(.keepsakes, "What letter or card have you kept all these years?"),
        Question(.traditions, "Which family tradition would you like to see carried on?"),
        Question(.work, "What work are you proudest of?"),
        Question(.hardTimes, "If you lived through a war, what do you remember of everyday life then?"),
        Question(.family, "Where did your family come from, as far back as you know?"),
        Question(.changes, "Which invention has changed your life the most?"),
        Question(.advice, "How do you make a hard decision?"),
        Question(.love, "If there was a proposal, how did it happen?"),
        Question(.children, "What has a child taught you?"),
        Question(.childhood, "How did you spend a rainy day as a child?"),
        Question(.food, "Which kitchen smell reminds you most of home?"),
        Question(.friends, "How did you keep in touch with friends who lived far away?"),
        Question(.travel, "Who has been your best companion on a journey?"),
        Question(.school, "What did your school building look like inside?"),
        Question(.places, "How was your home kept warm in winter when you were young?"),
        Question(.keepsakes, "What do you own that once belonged to someone older in your family?"),
        Question(.traditions, "What traditions have you started yourself?"),
        Question(.work, "What skills from work do you still use today?"),
        Question(.hardTimes, "If you have cared for someone who was ill, what did it teach you?"),
        Question(.family, "What did the people who raised you teach you that you still use today?"),
        Question(.changes, "Which big news event do you remember, and where were you when you heard?"),
        Question(.advice, "What advice would you give a young person starting their first job?"),
        Question(.love, "Which song makes you think of someone you loved?"),
        Question(.children, "If you are a grandparent, what surprised you about it?"),
        Question(.childhood, "What animals were part of your life as a child?"),
        Question(.food, "Which food reminds you of a celebration?"),
        Question(.friends, "What friends have you made later in life?"),
        Question(.travel, "What surprised you most about a place you visited?"),
        Question(.school, "Which school event do you remember, such as a play, a trip or a sports match?"),
        Question(.places, "What was the first place you lived away from your family?"),
        Question(.keepsakes, "What have you brought home from a trip and kept ever since?"),
        Question(.traditions, "Which customs from your family’s roots have you kept?"),
        Question(.work, "What work did you do at home that nobody paid you for?"),
        Question(.hardTimes, "Who is someone you miss, and what should we know about them?"),
        Question(.family, "How did your parents meet, if you know the story?"),
        Question(.changes, "What would surprise a young person about life when you were young?"),
        Question(.advice, "What advice would you give someone about to marry?"),
        Question(.love, "What was the kindest thing someone you loved ever did for you?"),
        Question(.children, "If you brought up children, what house rules did you have?"),
        Question(.childhood, "What jobs did you have to do at home as a child?"),
        Question(.food, "What did people grow or keep for food when you were young?"),
        Question(.friends, "What makes someone a good friend, in your eyes?"),
        Question(.travel, "Which food or custom did you bring home from somewhere else?"),
        Question(.school, "What is the most trouble you ever got into at school?"),
        Question(.places, "Which town or city has felt most like home to you?"),
        Question(.keepsakes, "What small thing do you keep that others might not understand?"),
        Question(.traditions, "If faith has been part of your life, what has it meant to you?"),
        Question(.work, "What was the hardest job you ever had?"),
        Question(.hardTimes, "If you ever had to start again from nothing, how did you do it?"),
        Question(.family, "If you had brothers or sisters, what were they like growing up?"),
        Question(.changes, "What has changed for the better in your lifetime?"),
        Question(.advice, "What have you changed your mind about over the years?"),
        Question(.love, "If you shared your life with someone, what kept you close?"),
        Question(.children, "If you raised children, what did you do differently from how you were raised?"),
        Question(.childhood, "What were you good at as a child?"),
        Question(.food, "What food did you first try as an adult and come to love?"),
        Question(.friends, "Which friend helped you when you needed it most?"),
        Question(.travel, "What journey changed how you saw the world?"),
        Question(.school, "When your school days ended, what did you do next?"),
        Question(.places, "Where did you go when you wanted some peace and quiet?"),
        Question(.keepsakes, "What is in a drawer or box of old things you have kept?"),
        Question(.traditions, "If you went to a place of worship as a child, what do you remember about it?"),
        Question(.work, "If you could have done any job in the world, what would it have been?"),
        Question(.hardTimes, "What good, if any, came out of a hard time in your life?"),
        Question(.family, "Which relative were you closest to as a child?"),
        Question(.changes, "How has life changed for women in your lifetime?"),
        Question(.advice, "What mistake taught you the most?"),
        Question(.love, "What is the best advice about love you were ever given?"),
        Question(.children, "If you are a parent, what did you worry about most?"),
        Question(.childhood, "Where was your special place to play?"),
        Question(.food, "What is the best meal you have ever eaten?"),
        Question(.friends, "Which old friend would you most like to see again?"),
        Question(.travel, "What place would you still love to see?"),
        Question(.school, "If you went on studying after leaving school, what was that like?"),
        Question(.places, "If you moved to a new country or region, what was it like to arrive?"),
        Question(.keepsakes, "Which of your things would you like to pass on, and to whom?"),
        Question(.traditions, "What beliefs or values did you grow up with, religious or not?"),
        Question(.work, "If you have stopped working, what was your last day like?"),
        Question(.hardTimes, "What would you say to someone going through a hard time today?"),
        Question(.family, "Who in the family do people say you take after?"),
        Question(.changes, "What new thing did you find hardest to get used to?"),
        Question(.advice, "What matters most to you now?"),
        Question(.love, "What have you learned about love over the years?"),
        Question(.children, "If you brought up children, what was the hardest part?"),
        Question(.childhood, "Which grown-up outside your family was kind to you as a child?"),
        Question(.school, "What did you learn outside school that mattered just as much?"),
        Question(.places, "Which place would you most like to visit again, just for an hour?"),
        Question(.traditions, "Which celebration do you look forward to most now?"),
        Question(.family, "What do you know about how your grandparents lived?"),
        Question(.changes, "What do you miss about the way things used to be?"),
        Question(.advice, "What do you hope people remember about you?"),
        Question(.children, "What day with the children in your life would you love to live again?"),
        Question(.childhood, "What did you get up to that the grown-ups never found out about?"),
        Question(.school, "How was school in your day different from school now?"),
    ]
}
