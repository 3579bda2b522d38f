"""Content words for RFC §9 keyword overlap: what counts as a word, what carries no content."""

import pytest

from app.keywords import family_in, keywords, people_in


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("明天下午三点和张总签合同", {"张总", "合同", "签合同"}, {"明天", "下午", "三点", "张", "总"}),
        ("周四下午两点跟顺丰那边过合同条款", {"顺丰", "合同", "条款", "合同条款"}, {"周四", "那边", "两点"}),
        ("下周三上午10点去见老李", {"老李"}, {"10", "下周", "上午", "10点"}),
        ("MeInput 周报发给陈总监", {"meinput", "周报", "陈总监"}, set()),
        ("我们一起看一下这个问题怎么处理", {"处理"}, {"我们", "一起", "这个", "问题", "怎么"}),
        ("押金7600转给房东，3个人住1203", {"押金", "7600", "1203"}, {"3"}),  # an amount, a room: a number names a thing
        ("PPT交了，黄总说OK", {"ppt", "黄总"}, {"黄总说", "总说"}),  # a name is cut apart from the verb after it
        ("小程序和张工程师", {"程序", "工程师"}, set()),  # ...not from a word running across its end
        ("大年初二回娘家，腊月二十八大扫除", {"娘家", "大扫除"}, {"大年", "初二", "大年初二", "年初", "腊月"}),  # lunar days: times
        ("修正月报，真正月薪", {"修正", "月薪"}, set()),  # 正月 inside other words
    ],
)
def test_content_words_only(text, expected, absent):
    words = set(keywords(text))
    assert expected <= words
    assert not absent & words


def test_family_and_a_few_ways_of_saying_one_thing_are_one_word():
    assert {"妈妈", "眼科"} <= set(keywords("下周六带我妈看眼科"))
    assert "妈妈" in keywords("别让老妈等")
    assert "合同" in keywords("今天15:00签恒通") and "合同" in keywords("约在周五签合同")
    assert "合同" not in keywords("签名的时候别忘了带笔")


def test_no_content_word_is_an_empty_set():
    assert keywords("好的，明天下午三点") == []


def test_an_everyday_noun_the_dictionary_lacks_is_still_one_word():
    # the segmenter cuts 狗粮 into 狗 / 粮 and 猫砂 into 猫 / 砂: as single characters they were dropped,
    # so a plan and the record ticking it off shared nothing but the dog's name
    assert "狗粮" in keywords("可乐的狗粮快见底了") and "狗粮" in keywords("狗粮买了，顺手挑了根磨牙棒")
    assert "猫砂" in keywords("猫砂快用完了")
    assert not {"粮买", "约好", "去看"} & set(keywords("狗粮买了，约好了去看牙")), "only two nouns make a noun"
    assert keywords("５月２０号交报告") == ["报告"] and keywords("😀😀狗粮") == ["狗粮"], "no digits or emoji"


def test_an_expense_claim_is_one_thing_by_its_form_or_its_receipts():
    assert "报销" in keywords("合肥的差旅票据交给财务") and "报销" in keywords("报销单交了，高铁票都齐了")
    assert "报销" not in keywords("给客户开发票"), "a client's invoice is not an expense claim"
    assert {"报销", "票据"} <= set(keywords("报销单交了，住宿发票都齐了")) & set(keywords("差旅票据交给财务"))


def test_a_colleague_called_by_a_da_nickname_is_a_person():
    assert people_in("大刘帮我带王先生父母复看") == ["大刘"] and people_in("答应大张周六帮他值班") == ["大张"]
    assert people_in("大张旗鼓地搞促销") == [] and people_in("大王叫我来巡山") == [] and people_in("大陆和大于") == []
    assert people_in("一大张表格要填") == [] and people_in("扩大徐州分店") == [] and people_in("剪大刘海") == []


def test_the_new_years_eve_dinner_is_one_thing_by_its_regional_names():
    asked = set(keywords("年夜饭的事安排好了没？"))
    assert "年夜饭" in asked & set(keywords("婆家的团年饭2月5日晚上六点开席，我负责凉菜"))
    assert "年夜饭" not in keywords("拜年饭局约在初三"), "a New Year visit's dinner is another meal"
    assert "年夜饭" not in keywords("新年饭局定在周五") and "年夜饭" not in keywords("今年饭店都涨价了")


@pytest.mark.parametrize(("text", "family"), [
    ("跟乐乐妈妈说好了，这周六的课停一次", []),  # a pupil's mother is not the user's
    ("豆豆爸爸来接他了", []),
    ("他妈妈也来了", []),
    ("答应老妈元旦回宜昌", ["妈妈"]),
    ("爸爸妈妈都来了", ["妈妈", "爸爸"]),
    ("周末爷爷奶奶爸爸妈妈都来吃饭", ["妈妈", "爸爸"]),
    # 爸 and 妈 alone are the user's parents, as notes write them; not an aunt's, a godparent's or another's
    ("明天下午带爸去浙一做心超", ["爸爸"]),
    ("晚上给爸妈打个视频电话", ["妈妈", "爸爸"]),
    ("姑妈和舅妈周六来", []),
    ("干爸请吃饭", []),
    ("乐乐妈说周五开家长会", []),
    ("他爸下周出差", []),
    ("妈呀吓死我了", []),
])
def test_someone_elses_parent_is_not_the_users_family(text, family):
    assert people_in(text) == family


@pytest.mark.parametrize(("question", "family", "left"), [
    ("我爸的药配上了吗", ["爸爸"], "的药配上了吗"),
    ("乐乐妈说的那件事", [], "乐乐妈说的那件事"),  # kept as written: a possible topic
    ("我妈和乐乐妈妈约了周六", ["妈妈"], "和乐乐妈约了周六"),
])
def test_a_questions_family_is_named_once_and_anothers_parent_stays_a_topic(question, family, left):
    found, text = family_in(question)
    assert found == family and " ".join(text.split()) == left
