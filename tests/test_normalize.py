"""Normalizer rules over realistic texts: event_time (relative to observed time), type, status;
and what each source's decoder refuses (such a record is counted as skipped)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import msgspec
import pytest

from app.normalize import analyse, build_candidate, estimate_importance, participants_of
from app.sources import chat, meinput, memory

TZ = ZoneInfo("Asia/Shanghai")
OBS = "2026-09-02 20:30"  # a Wednesday evening

# text | observed | event_time ("-" = none, "obs" = the observed time) | type | status
TABLE = """
明天下午三点去和张总签合同 | 2026-09-02 20:30 | 2026-09-03 15:00 | event | planned
帮我记一下，明天下午3点和张总签合同 | 2026-09-02 20:30 | 2026-09-03 15:00 | event | planned
好的，已帮你记下：明天下午3点和张总签合同。 | 2026-09-02 20:30 | 2026-09-03 15:00 | event | planned
和张总签了合同，条款都确认了 | 2026-09-02 20:30 | obs | event | completed
这周五之前要交季度报告 | 2026-09-02 20:30 | 2026-09-04 00:00 | todo | planned
这周五晚上6点之前要交季度报告 | 2026-08-31 09:05 | 2026-09-04 18:00 | todo | planned
下午五点之前把PPT发给李经理 | 2026-09-02 10:00 | 2026-09-02 17:00 | todo | planned
下午五点之前把PPT发给李经理 | 2026-09-02 20:30 | 2026-09-03 17:00 | todo | planned
记得买牛奶 | 2026-09-02 20:30 | - | todo | planned
周一开会 | 2026-09-05 10:00 | 2026-09-07 00:00 | event | planned
周五要交周报 | 2026-09-05 10:00 | 2026-09-11 00:00 | todo | planned
下周三上午十点方案评审 | 2026-09-02 20:30 | 2026-09-09 10:00 | event | planned
9月10日前给王总发报价 | 2026-09-02 20:30 | 2026-09-10 00:00 | todo | planned
月底之前完成数据看板 | 2026-09-02 20:30 | 2026-09-30 00:00 | todo | planned
后天早上8点半去医院体检 | 2026-09-02 20:30 | 2026-09-04 08:30 | event | planned
体检做完了，等报告 | 2026-09-02 20:30 | obs | event | completed
昨天体检了，医生说没问题 | 2026-09-02 20:30 | 2026-09-01 00:00 | event | completed
今天和小陈吃了午饭 | 2026-09-02 20:30 | 2026-09-02 00:00 | event | completed
晚上7点约了老王吃饭 | 2026-09-02 16:45 | 2026-09-02 19:00 | event | planned
我们决定架构定为 SQL-centric | 2026-09-02 20:30 | obs | decision | completed
决定下周一开始用新的排期 | 2026-09-02 20:30 | 2026-09-07 00:00 | decision | planned
和团队定了：MeInput 的架构定为 SQL-centric | 2026-09-02 20:30 | obs | decision | completed
定了，这个季度的奖金按回款算 | 2026-09-02 20:30 | obs | decision | completed
敲定了发布时间，9月15日上线 | 2026-09-02 20:30 | 2026-09-15 00:00 | decision | completed
我答应老王周末帮他搬家 | 2026-09-02 20:30 | 2026-09-06 00:00 | commitment | planned
承诺客户9月10日前给出报价 | 2026-09-02 20:30 | 2026-09-10 00:00 | commitment | planned
我保证明天上午把合同条款整理好 | 2026-09-02 20:30 | 2026-09-03 11:00 | commitment | planned
这个需求我来负责 | 2026-09-02 20:30 | - | commitment | planned
哈哈好的 | 2026-09-02 20:30 | obs | mention | mentioned
中午吃什么好呢 | 2026-09-02 20:30 | 2026-09-02 11:00 | mention | mentioned
这本书写得挺有意思 | 2026-09-02 20:30 | obs | mention | mentioned
今天好困啊 | 2026-09-02 20:30 | 2026-09-02 00:00 | mention | mentioned
灵感：输入法可以记住常用短语 | 2026-09-02 20:30 | obs | mention | mentioned
MeInput 新版本上线了，暂时没有问题 | 2026-09-02 22:05 | obs | event | completed
今天晚上8点 MeInput 新版本上线 | 2026-09-02 08:10 | 2026-09-02 20:00 | event | planned
明天下午两点开项目周会 | 2026-09-02 20:30 | 2026-09-03 14:00 | event | planned
周会开完了，进度基本正常 | 2026-09-02 20:30 | obs | event | completed
下个月3号交方案 | 2026-09-02 20:30 | 2026-10-03 00:00 | todo | planned
提醒我明天早上8点给妈妈打电话 | 2026-09-02 20:30 | 2026-09-03 08:00 | todo | planned
明天上午10点半面试一个后端候选人 | 2026-09-02 20:30 | 2026-09-03 10:30 | event | planned
面试完了，候选人基础不错 | 2026-09-02 20:30 | obs | event | completed
上周五去上海出差 | 2026-09-02 20:30 | 2026-08-28 00:00 | event | completed
报价单发给王总了 | 2026-09-02 20:30 | obs | todo | completed
下周一下午3点复诊 | 2026-09-02 20:30 | 2026-09-07 15:00 | event | planned
给妈妈过了生日，她很开心 | 2026-09-02 20:30 | obs | event | completed
跟客户保证了，下周三前给他报价 | 2026-09-02 20:30 | 2026-09-09 00:00 | commitment | planned
周五得帮小陈约上王总 | 2026-09-02 20:30 | 2026-09-04 00:00 | commitment | planned
明天帮媳妇去取快递 | 2026-09-02 20:30 | 2026-09-03 00:00 | commitment | planned
周六帮母亲挂眼科的号 | 2026-09-02 20:30 | 2026-09-05 00:00 | commitment | planned
月底前要把供应商的合同签好寄回 | 2026-09-02 20:30 | 2026-09-30 00:00 | todo | planned
供应商的合同签好寄回了 | 2026-09-02 20:30 | obs | event | completed
订好了9月8号早上7点35去杭州的高铁 | 2026-09-02 20:30 | 2026-09-08 07:35 | event | planned
看完牙了，下个月复诊 | 2026-09-02 20:30 | obs | event | completed
带孩子看完恐龙展了，他非要买一只霸王龙玩偶 | 2026-09-02 20:30 | obs | event | completed
这周五是女儿生日，蛋糕订好了 | 2026-09-02 20:30 | 2026-09-04 00:00 | event | planned
下午三点半的会推迟到四点 | 2026-09-02 13:00 | 2026-09-02 16:00 | event | planned
跟张总的会从下午3点提前到2点 | 2026-09-02 11:00 | 2026-09-02 14:00 | event | planned
昨晚十点到家，一点才睡 | 2026-09-03 09:00 | 2026-09-02 22:00 | mention | mentioned
后天是结婚纪念日，还没想好送什么 | 2026-09-02 20:30 | 2026-09-04 00:00 | event | planned
上个月的水电费还没交 | 2026-09-02 20:30 | 2026-08-31 00:00 | todo | planned
书还了，超期两天罚了两毛钱 | 2026-09-02 20:30 | obs | event | completed
奖学金材料交到学院了，排队排了半个钟 | 2026-09-02 20:30 | obs | event | completed
刘老师催了，第三次实验报告这周五前批完 | 2026-09-01 10:40 | 2026-09-04 00:00 | todo | planned
合作方案发给王总了，他说周末前给回复 | 2026-09-02 17:40 | 2026-09-06 00:00 | todo | completed
车票抢到了！ | 2026-09-02 04:08 | obs | event | completed
信用卡该还了 | 2026-09-02 20:30 | obs | mention | mentioned
等拿到了驾照再买车 | 2026-09-02 20:30 | obs | mention | mentioned
报告写完了，老板觉得写得不错 | 2026-09-02 20:30 | obs | event | completed
我觉得发朋友圈没必要 | 2026-09-02 20:30 | obs | mention | mentioned
明天早上七点起床，九点面试 | 2026-09-02 20:30 | 2026-09-03 09:00 | event | planned
月底前把国庆回老家的车票买了，不然又抢不到 | 2026-09-02 20:30 | 2026-10-01 00:00 | todo | planned
实验室电脑的数据这两天得备份到移动硬盘 | 2026-09-02 22:00 | 2026-09-02 00:00 | todo | planned
摘要投出去了，总算松口气，睡觉 | 2026-09-02 20:30 | obs | event | completed
平时成绩录完了，系统卡得要死 | 2026-09-02 20:30 | obs | event | completed
三号点位补采完了，湖边风大得手都冻僵了 | 2026-09-02 20:30 | obs | event | completed
周老师问我硕博连读的事，让我下礼拜给他答复 | 2026-09-02 20:30 | 2026-09-13 00:00 | todo | planned
周六家教给乐乐讲一次函数，得先备课 | 2026-09-02 20:30 | 2026-09-05 00:00 | event | planned
上周五的会议纪要你还记得吗 | 2026-09-02 20:30 | obs | mention | mentioned
晚上8点吃饭，10点回家 | 2026-09-02 13:00 | 2026-09-02 20:00 | event | planned
后天早上六点的飞机去三亚，五点起床 | 2026-09-02 13:00 | 2026-09-04 06:00 | event | planned
昨晚十点睡，七点起 | 2026-09-02 08:00 | 2026-09-01 22:00 | mention | mentioned
周报还没写，今晚得搞定 | 2026-09-02 17:30 | 2026-09-02 23:00 | todo | planned
孩子偏要去公园玩 | 2026-09-02 20:30 | obs | mention | mentioned
明天把PPT做完 | 2026-09-02 20:30 | 2026-09-03 00:00 | todo | planned
后天把房租交了 | 2026-09-02 20:30 | 2026-09-04 00:00 | todo | planned
周四前把机票订了 | 2026-09-02 20:30 | 2026-09-03 00:00 | todo | planned
已经在周四前把机票订了 | 2026-09-02 20:30 | 2026-09-03 00:00 | todo | completed
周六去理发 | 2026-09-02 20:30 | 2026-09-05 00:00 | event | planned
后天飞上海 | 2026-09-02 20:30 | 2026-09-04 00:00 | event | planned
下周三回婆婆家，给婆婆买点什么好？ | 2026-09-02 20:30 | 2026-09-09 00:00 | event | planned
下周一业务学习我要讲俯卧位通气，帮我列个提纲 | 2026-09-02 20:30 | 2026-09-07 00:00 | event | planned
这周四东京自由活动，想去浅草和秋叶原 | 2026-09-02 20:30 | 2026-09-03 00:00 | event | planned
周六社区有亲子活动 | 2026-09-02 20:30 | 2026-09-05 00:00 | event | planned
明天交物业费 | 2026-09-02 20:30 | 2026-09-03 00:00 | todo | planned
周五前交季度报告 | 2026-09-02 20:30 | 2026-09-04 00:00 | todo | planned
12月3号家长会 下午两点 | 2026-09-02 20:30 | 2026-12-03 14:00 | event | planned
下周三出差，早上7点的飞机 | 2026-09-02 20:30 | 2026-09-09 07:00 | event | planned
下周二，上午十点，项目评审 | 2026-09-02 20:30 | 2026-09-08 10:00 | event | planned
明天下午，三点，去银行 | 2026-09-02 20:30 | 2026-09-03 15:00 | event | planned
明天的会不用开了 | 2026-09-02 20:30 | 2026-09-03 00:00 | mention | cancelled
周五聚餐不聚了 | 2026-09-02 20:30 | 2026-09-04 00:00 | event | cancelled
下周三的评审我就不参加了 | 2026-09-02 20:30 | 2026-09-09 00:00 | event | cancelled
明天不去了，跟老王说一声 | 2026-09-02 20:30 | 2026-09-03 00:00 | event | cancelled
明天下午几点开会来着？ | 2026-09-02 20:30 | obs | mention | mentioned
报价单搞定了 | 2026-09-02 20:30 | obs | event | completed
今天不开心了 | 2026-09-02 20:30 | 2026-09-02 00:00 | mention | mentioned
明天天气不错 | 2026-09-02 20:30 | 2026-09-03 00:00 | mention | mentioned
提前订位 | 2026-09-02 20:30 | obs | mention | mentioned
周一跟张总吃的饭 | 2026-09-02 20:30 | 2026-08-31 00:00 | mention | mentioned
周一交的报销单还没批 | 2026-09-02 20:30 | 2026-08-31 00:00 | mention | mentioned
明天最晚8点到公司 | 2026-09-02 20:30 | 2026-09-03 08:00 | todo | planned
三天前发的照片找不到了 | 2026-09-02 20:30 | 2026-08-30 00:00 | mention | mentioned
周五再不去体检就晚了 | 2026-09-02 20:30 | 2026-09-04 00:00 | event | planned
这个方案老板看不上了，周五重做 | 2026-09-02 20:30 | 2026-09-04 00:00 | mention | mentioned
能提醒我明天9点给王总打电话吗？ | 2026-09-02 20:30 | 2026-09-03 09:00 | todo | planned
9月5号晚上七点结婚十周年，给我家那位准备什么礼物好？预算两千 | 2026-09-02 20:30 | 2026-09-05 19:00 | event | planned
周五面试，需要准备哪些材料？ | 2026-09-02 20:30 | 2026-09-04 00:00 | event | planned
下周一要交年度总结，怎么写比较好？ | 2026-09-02 20:30 | 2026-09-07 00:00 | todo | planned
下周二要交标书，这两天能先做哪些？ | 2026-09-02 20:30 | 2026-09-08 00:00 | todo | planned
下周一早上九点要给客户做演示，今晚怎么准备最有效？ | 2026-09-02 20:30 | 2026-09-07 09:00 | event | planned
下周一要去杭州出差 | 2026-09-02 20:30 | 2026-09-07 00:00 | event | planned
明天下午两点要去医院复查 | 2026-09-02 20:30 | 2026-09-03 14:00 | event | planned
明天要去银行交物业费 | 2026-09-02 20:30 | 2026-09-03 00:00 | todo | planned
周五下午3点半的会改到周五下午4点 | 2026-09-02 20:30 | 2026-09-04 16:00 | event | planned
明天9:30的周会提前到九点 | 2026-09-02 20:30 | 2026-09-03 09:00 | event | planned
年会在哪办还没定下来 | 2026-09-02 20:30 | obs | mention | mentioned
跟王总的饭局只能改天了 | 2026-09-02 20:30 | obs | mention | cancelled
周会时间改成周五下午三点 | 2026-09-02 20:30 | 2026-09-04 15:00 | event | planned
方案改成B版了 | 2026-09-02 20:30 | obs | decision | completed
报告到现在还没写完 | 2026-09-02 20:30 | obs | mention | mentioned
报价单已经发给客户了，接下来要怎么跟进比较好？ | 2026-09-02 20:30 | obs | todo | completed
昨天吃了火锅，下午3点开会 | 2026-09-02 20:30 | 2026-09-02 15:00 | event | completed
物业费缴了 | 2026-11-18 15:00 | obs | event | completed
车险续上了 | 2026-11-18 15:00 | obs | event | completed
信用卡还清了 | 2026-11-18 15:00 | obs | event | completed
工资到账了 | 2026-11-18 15:00 | obs | event | completed
签证下来了 | 2026-11-18 15:00 | obs | event | completed
老妈眼科的号约上了，总算松口气 | 2026-11-18 15:00 | obs | event | completed
下周三述职 | 2026-11-18 15:00 | 2026-11-25 00:00 | event | planned
周日钢琴课 | 2026-11-18 15:00 | 2026-11-22 00:00 | event | planned
周四开庭 | 2026-11-18 15:00 | 2026-11-19 00:00 | event | planned
值班室的空调坏了，报修三次没人来 | 2026-11-18 15:00 | obs | mention | mentioned
心情很差，感觉这单要黄了 | 2026-11-18 15:00 | obs | mention | mentioned
这单黄了 | 2026-11-18 15:00 | obs | mention | cancelled
今天把报告写完 | 2026-11-18 15:00 | 2026-11-18 00:00 | todo | planned
今天先把数据整理出来 | 2026-11-18 15:00 | 2026-11-18 00:00 | todo | planned
周五跟孙总汇报，今天先把数据整理出来 | 2026-11-18 15:00 | 2026-11-18 00:00 | event | planned
今天把报告写完了 | 2026-11-18 15:00 | 2026-11-18 00:00 | event | completed
我一般晚上十一点睡 | 2026-11-18 15:00 | obs | mention | mentioned
老是半夜两点醒 | 2026-11-18 15:00 | obs | mention | mentioned
年级组开会定了，春游去都江堰，不去青城山了 | 2026-03-11 17:05 | obs | decision | completed
跟老陈商量好了，小满学校开放日他去，我有课走不开 | 2026-03-16 21:40 | obs | decision | completed
下周二第一次月考，这几天得抓紧复习 | 2026-03-17 17:40 | 2026-03-24 00:00 | event | planned
周五前出一套月考复习卷 | 2026-03-17 17:44 | 2026-03-20 00:00 | todo | planned
三天前和老王吃了饭 | 2026-03-17 17:44 | 2026-03-14 00:00 | event | completed
医生说老爸恢复得不错，下周五可以出院 | 2026-02-27 19:20 | 2026-03-06 00:00 | event | planned
样章第三讲写了一半，感觉例题讲解太啰嗦 | 2026-03-15 21:20 | obs | mention | mentioned
今天把钥匙忘在家里 | 2026-11-18 15:00 | 2026-11-18 00:00 | mention | mentioned
今天老板把我骂一顿 | 2026-11-18 15:00 | 2026-11-18 00:00 | mention | mentioned
明天加班会很晚 | 2026-11-18 15:00 | 2026-11-19 00:00 | mention | mentioned
快递取了吗 | 2026-11-18 15:00 | obs | mention | mentioned
我还上了个厕所 | 2026-11-18 15:00 | obs | mention | mentioned
总是凌晨一两点才睡着，早上六点半又得起 | 2026-03-10 21:00 | obs | mention | mentioned
我平时周末都去打球，这周六下午三点要去见客户 | 2026-03-10 21:00 | 2026-03-14 15:00 | todo | planned
凌晨一点还没睡着，脑子里全是事 | 2026-03-09 06:45 | 2026-03-09 01:00 | mention | mentioned
下周的天气预报全是雨 | 2026-03-13 14:40 | 2026-03-16 00:00 | mention | mentioned
下周去税务局报税 | 2026-03-13 14:40 | 2026-03-16 00:00 | event | planned
把“下周三下午三点开会”翻译成英文 | 2026-03-10 21:00 | obs | mention | mentioned
把“请各位家长周五前回复”改得客气一点 | 2026-03-10 21:00 | obs | mention | mentioned
妈说“周六回来吃饭” | 2026-03-10 21:00 | 2026-03-14 00:00 | event | planned
周五找老板聊聊加薪的事 | 2026-03-10 21:00 | 2026-03-13 00:00 | event | planned
跟小宇聊完了，孩子说家里爸妈在闹离婚，心疼 | 2026-03-03 17:25 | obs | event | completed
还没买票，周一出发 | 2026-03-14 10:00 | 2026-03-16 00:00 | event | planned
客户说“下周一上午十点开会”，方案还要修改一下 | 2026-03-14 10:00 | 2026-03-16 10:00 | event | planned
例会时间改成“周五下午两点” | 2026-03-14 10:00 | 2026-03-20 14:00 | event | planned
把下周三下午三点开会翻译成英文 | 2026-03-14 10:00 | obs | mention | mentioned
我一般不加班，但晚上8点要开会 | 2026-03-14 10:00 | 2026-03-14 20:00 | event | planned
我平时不喝咖啡，下午三点约了客户喝咖啡 | 2026-03-14 10:00 | 2026-03-14 15:00 | event | planned
这个方案一般，下午三点再讨论 | 2026-03-14 10:00 | 2026-03-14 15:00 | event | planned
我平时不坐早班机，下周三出差，早上7点的飞机 | 2026-03-14 10:00 | 2026-03-18 07:00 | event | planned
明天给客户报价 | 2026-03-14 10:00 | 2026-03-15 00:00 | todo | planned
报名交了！！审核要等几天，有点紧张 | 2026-12-01 21:12 | obs | event | completed
内科笔记拍照发给阿May了 | 2026-11-22 21:05 | obs | todo | completed
陪小邝练完预冲了，她手法熟多了 | 2026-11-29 16:10 | obs | event | completed
网课群通知，周二晚上的直播停一次，老师去外地开会 | 2026-11-22 21:40 | 2026-11-24 18:00 | event | cancelled
做完了要记得发 | 2026-11-22 21:40 | obs | todo | planned
ECMO培训延期了，改到12月1号下午2点 | 2026-11-24 10:30 | 2026-12-01 14:00 | event | planned
会议延期了 | 2026-11-24 10:30 | obs | event | cancelled
俯卧位通气的PPT周一前发给护士长过目 | 2026-11-24 15:30 | 2026-11-30 00:00 | todo | planned
5月8号之前配副新老花镜，聚会上好看老照片 | 2027-04-26 15:00 | 2027-05-08 00:00 | todo | planned
周三以前一直在出差，周四去见客户 | 2026-09-02 20:30 | 2026-09-03 00:00 | event | planned
账号以前是用手机号注册的 | 2026-09-02 20:30 | obs | mention | mentioned
家婆的侄孙结婚，下周六中午12点在顺德摆酒，全家都要去 | 2026-11-20 11:30 | 2026-11-28 12:00 | event | planned
想清楚了，小红书不日更了，一周两篇，质量优先 | 2026-11-23 21:10 | obs | decision | completed
等我想好了再告诉你 | 2026-11-25 20:00 | obs | mention | mentioned
周一早上出门前发给王总了，他还没回 | 2026-11-25 20:00 | 2026-11-23 00:00 | todo | completed
周一前交的报销单还没批 | 2026-11-25 20:00 | 2026-11-23 00:00 | mention | mentioned
评审延期了，改到下周一 | 2026-11-25 20:00 | 2026-11-30 00:00 | event | planned
明天上午小区停一次电，9点到12点 | 2026-11-25 20:00 | 2026-11-26 09:00 | event | planned
书看完一半了 | 2026-11-25 20:00 | obs | mention | mentioned
孩子考完了吗 | 2026-11-25 20:00 | obs | mention | mentioned
我们结婚五年了 | 2026-11-25 20:00 | obs | mention | mentioned
把明天下午三点开会翻成英文 | 2026-11-18 21:00 | obs | mention | mentioned
翻成英文给外籍家属看：“明早6点抽血，今晚12点以后不能吃东西” | 2026-11-18 21:00 | obs | mention | mentioned
答应桐桐了，考完试这个周末带她去买件新羽绒服 | 2027-01-21 18:10 | 2027-01-24 00:00 | commitment | planned
眼镜配好了 | 2027-01-25 10:30 | obs | event | completed
组长给我分配了新任务，周五前交 | 2027-01-20 12:30 | 2027-01-22 00:00 | todo | planned
老板答应我了，下个月给我涨工资 | 2027-01-22 12:30 | 2027-02-28 00:00 | commitment | planned
保证金交了 | 2027-01-22 12:30 | obs | commitment | completed
答应妈妈了，周六回家吃饭 | 2027-01-21 18:10 | 2027-01-23 00:00 | commitment | planned
4月1号的瑜伽课请假了，人在成都 | 2027-03-29 09:00 | 2027-04-01 00:00 | event | cancelled
明天的例会我请了假 | 2027-03-29 09:00 | 2027-03-30 00:00 | event | cancelled
跟老板请了三天假，下周带孩子去北京 | 2027-03-29 09:00 | 2027-04-05 00:00 | mention | mentioned
航班取消了！改签到这周四早上七点一刻，落地直接去拍摄点 | 2027-03-31 13:10 | 2027-04-01 07:15 | event | planned
刚才把30张精选发给林晓了，凌晨了眼睛要瞎 | 2027-03-25 00:58 | 2027-03-25 00:58 | todo | completed
原片传给小鹿了，三千张，帮我算下按每张8块要付多少 | 2027-03-22 15:30 | obs | event | completed
明天下午三点开会，帮我写个提纲 | 2027-03-24 15:10 | 2027-03-25 15:00 | event | planned
阿杰刚才把易拉宝和样册从打印店取回来了，颜色没偏 | 2027-04-02 11:35 | 2027-04-02 11:35 | event | completed
明天下午的会取消了，改到什么时候另行通知 | 2027-03-29 09:00 | 2027-03-30 12:00 | event | cancelled
明天的体检取消了，改约到下周三上午 | 2027-03-29 09:00 | 2027-04-07 06:00 | event | planned
下周三我会请假陪老婆去产检 | 2027-03-29 09:00 | 2027-04-07 00:00 | commitment | planned
放心，周五的彩排我不会请假的 | 2027-03-29 09:00 | 2027-04-02 00:00 | mention | mentioned
明天上班请假去办护照 | 2027-03-29 09:00 | 2027-03-30 00:00 | event | planned
给女儿写体育课请假条 | 2027-03-29 09:00 | obs | mention | mentioned
下周一的培训请了假 | 2027-03-29 09:00 | 2027-04-05 00:00 | event | cancelled
报价发给王总了，帮我写个跟进邮件，周五前要发出去 | 2027-03-29 09:00 | 2027-04-02 00:00 | todo | planned
年会节目报上去了，帮我想想周五彩排要准备什么 | 2027-03-29 09:00 | 2027-04-02 00:00 | todo | planned
感冒传给女儿了 | 2027-03-29 09:00 | obs | mention | mentioned
原片忘了传给小鹿了 | 2027-03-29 09:00 | obs | mention | mentioned
签证材料被使馆寄回来了，说缺银行流水 | 2027-03-29 09:00 | obs | mention | mentioned
方案改完了，周末要疯狂补觉 | 2027-03-29 09:00 | 2027-04-03 00:00 | mention | mentioned
报告交上去了，要累死了 | 2027-03-29 09:00 | obs | event | completed
提成改按回款算了，团队里肯定有人有意见 | 2026-10-19 10:42 | obs | mention | mentioned
周六的烧烤还是算了 | 2026-10-19 10:42 | 2026-10-24 00:00 | mention | cancelled
器材保险下周二到期，得赶紧续上 | 2027-03-30 18:20 | 2027-04-06 00:00 | todo | planned
他跑得马上就没影了 | 2027-03-30 18:20 | obs | mention | mentioned
会开完了，帮我写个周报要发给老板 | 2027-03-29 09:00 | obs | event | completed
方案定了，帮我写个周年庆的策划要交给老板 | 2027-03-29 09:00 | obs | decision | completed
帮我把这个通知改得亲切一点：“请同学们于本周五前提交第四次实验报告，逾期不候” | 2027-03-29 09:00 | obs | mention | mentioned
把这段话润色一下：明天下午三点在302开组会，请准时参加 | 2027-03-29 09:00 | obs | mention | mentioned
把例会时间改成：周五下午两点 | 2027-03-29 09:00 | 2027-04-02 14:00 | event | planned
夜班间隙把继续教育最后两分刷完了，证书截图存好了 | 2027-09-29 23:42 | obs | event | completed
凌晨三点半趁病人都稳定，把漏签的交接班记录全补完了 | 2027-10-05 03:40 | 2027-10-05 03:30 | event | completed
纸巾用完了 | 2027-10-05 03:40 | obs | mention | mentioned
早上7点10分老爸摔倒，何婆婆先发现的，叫她别扶他起来 | 2027-09-28 08:14 | 2027-09-28 07:10 | mention | mentioned
早上7点10分要去接老爸 | 2027-09-28 06:14 | 2027-09-28 07:10 | todo | planned
早上8点给新病人做跌倒风险评估 | 2027-09-28 20:00 | 2027-09-29 08:00 | event | planned
早上9点带老爸去骨科复查摔伤的手腕 | 2027-09-28 20:00 | 2027-09-29 09:00 | event | planned
8点把看到的房源发给老婆 | 2027-09-28 20:00 | 2027-09-29 08:00 | todo | planned
王总说把报价单改一下：下周一之前发给他 | 2027-03-29 09:00 | 2027-04-05 00:00 | todo | planned
信用卡额度刷完了 | 2027-09-28 20:00 | obs | mention | mentioned
单词快背完了 | 2027-09-28 20:00 | obs | mention | mentioned
"""


def _t(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=TZ)


ROWS = [pytest.param(*[c.strip() for c in line.split("|")], id=line.split("|")[0].strip())
        for line in TABLE.strip().splitlines()]


def test_table_is_large_enough():
    assert len(ROWS) >= 40


@pytest.mark.parametrize(("text", "observed", "event", "kind", "status"), ROWS)
def test_rules(text, observed, event, kind, status):
    obs = _t(observed)
    facts = analyse(text, obs, TZ, happened_when_said=False)
    expected_event = None if event == "-" else obs if event == "obs" else _t(event)
    assert (facts.event_time, facts.type, facts.status) == (expected_event, kind, status)
    assert len(facts.title) <= 30


@pytest.mark.parametrize(("text", "change"), [
    ("王先生5万定金进监管账户了，跟业主也说了", "done"),  # paid: the money reached its account
    ("钱进我账户了吗", None),
    ("航班取消了！改签到这周四早上七点一刻", "moved"),
    ("航班取消了，把机票改签到这周四早上七点", "moved"),
    ("明天的体检取消了，改约到下周三上午", "moved"),
    ("明天下午的会取消了，改到什么时候另行通知", "cancelled"),  # no new time
    ("周六的烧烤取消了，改成在家涮火锅", "cancelled"),  # another thing, not another time
    ("明天的会取消了。另外周五的复盘挪到下午三点", "cancelled"),  # another plan moved
    ("周会我也请假了", "cancelled"),
    ("算了，周五的聚餐不去了", "cancelled"),
])
def test_a_plan_called_off_and_set_again_in_one_breath_is_moved(text, change):
    assert analyse(text, _t("2027-03-29 09:00"), TZ, happened_when_said=False).change == change


@pytest.mark.parametrize(("text", "title"), [("下周二，上午十点，项目评审", "项目评审"), ("明天下午，三点，去银行", "去银行"),
                                             ("行，先到这", "行，先到这")])
def test_a_clause_that_is_only_its_time_leaves_the_title_to_the_one_beside_it(text, title):
    assert analyse(text, _t(OBS), TZ, happened_when_said=False).title == title


def test_rfc_section_6_example():
    raw = {"evidence_id": "seg_1", "user_id": "u_42", "type": "expression_segment",
           "text": "明天下午三点去和张总签合同", "observed_at": "2026-09-02T20:30:00+08:00",
           "importance": 0.8, "confidence": 0.95, "entities": [{"type": "person", "text": "张总"}]}
    seg = meinput.to_candidate(meinput.decode(raw, "u_42"), "u_42", TZ)
    assert seg.event_time == datetime(2026, 9, 3, 15, 0, tzinfo=TZ)
    assert seg.observed_time == datetime(2026, 9, 2, 20, 30, tzinfo=TZ)
    assert seg.event_grain == "hour"
    assert (seg.source_ref, seg.importance, seg.participants) == ("meinput:segment:seg_1", 0.8, ("张总",))


def test_participants_from_entities_and_patterns():
    assert participants_of("和李经理、老王还有小陈开会", ["赵敏"]) == (
        "赵敏", "李经理", "老王", "小陈")
    assert participants_of("向总部汇报了进度，总额不变") == ()


def test_importance_rules():
    contract = estimate_importance("明天和张总签合同，金额50万", "event", ("张总",), scheduled=True)
    chat = estimate_importance("哈哈好的", "mention", ())
    assert contract >= 0.9 and chat <= 0.2
    assert estimate_importance("去医院体检", "event", ()) > estimate_importance("去公园散步", "event", ())
    # a life's milestones and what is paid count more than a walk
    race = estimate_importance("下个月15号早上7:30全马起跑", "event", (), scheduled=True)
    jog = estimate_importance("明早7:30去公园慢跑", "event", (), scheduled=True)
    assert race > jog and race >= 0.7
    assert estimate_importance("定了，今年奖金按回款算", "decision", ()) >= 0.7
    # a holiday with the family is one of them (「重要的事」 keeps it); a greeting to everyone is not
    assert estimate_importance("婆婆打电话说6月9号端午全家去松江吃饭", "event", ()) >= 0.6
    assert estimate_importance("除夕年夜饭晚上六点开席", "event", ()) >= 0.6
    assert estimate_importance("大家端午快乐", "mention", ()) == estimate_importance("大家周末快乐", "mention", ())
    for not_a_holiday in ("周五一起回家吃饭", "王国庆说明天来家里修水管", "端午节家长群里发了通知"):
        assert estimate_importance(not_a_holiday, "event", ()) < 0.6, not_a_holiday


@pytest.mark.parametrize(("asked", "told"), [("粽叶要提前泡多久？", "粽叶提前泡了一晚上"),
                                             ("用 Python 怎么给客户名单去重？", "客户名单去重做完了")])
def test_knowledge_asked_of_the_assistant_weighs_less_than_a_fact_told(asked, told):
    def importance(text: str) -> float:
        return build_candidate(source="chat", ref="r", user_id="u", role="user", text=text,
                               observed=_t("2026-09-02 20:30"), zone=TZ, happened_when_said=False).importance
    assert importance(asked) < importance(told) - 0.1
    # a question about one's own day or someone known is no such question
    assert importance("王总的合同签了吗？") >= 0.6 and importance("我下周三是不是有个答辩来着？") >= 0.5
    assert importance("签证材料准备好了吗？") == estimate_importance("签证材料准备好了吗？", "mention", ()), \
        "how one's own thing stands: not discounted"


@pytest.mark.parametrize(
    "raw",
    [
        {"evidence_id": "x", "text": "坏时间", "observed_at": "yesterday"},
        {"text": "没有 id", "observed_at": "2026-09-01T10:00:00+08:00"},
        {"evidence_id": "x", "text": "没有时区", "observed_at": "2026-09-01T10:00:00"},
        {"evidence_id": 42, "text": "id 不是字符串", "observed_at": "2026-09-01T10:00:00+08:00"},
        {"evidence_id": "x", "text": "别人的", "observed_at": "2026-09-01T10:00:00+08:00", "user_id": "someone"},
        "not an object",
    ],
)
def test_malformed_segments_are_refused(raw):
    with pytest.raises(msgspec.ValidationError):
        meinput.decode(raw, "u_42")


SEGMENT = {"evidence_id": "s1", "text": "明天下午三点开会", "observed_at": "2026-09-02T20:30:00+08:00"}


@pytest.mark.parametrize("observed_at", ["2026-09-02 20:30:00+08:00", "2026-09-02T20:30+08:00", "2026-09-02T12:30:00Z"])
def test_times_are_read_as_iso_8601_with_an_offset(observed_at):
    seg = meinput.to_candidate(meinput.decode({**SEGMENT, "observed_at": observed_at}, "u"), "u", TZ)
    assert seg.observed_time == datetime(2026, 9, 2, 20, 30, tzinfo=TZ)


@pytest.mark.parametrize("observed_at", ["2026-09-02t12:30:00z", "1899-12-31T23:00:00+08:00",
                                         "2201-01-01T00:00:00+08:00", 1788352200, None])
def test_times_off_the_calendar_or_not_iso_are_refused(observed_at):
    with pytest.raises(msgspec.ValidationError):
        meinput.decode({**SEGMENT, "observed_at": observed_at}, "u")


@pytest.mark.parametrize("blank", ["", "  ", "\u3000\n"])
def test_blank_texts_are_refused(blank):
    with pytest.raises(msgspec.ValidationError):
        meinput.decode({**SEGMENT, "text": blank}, "u")
    with pytest.raises(msgspec.ValidationError):
        chat.decode_message({"message_id": "m", "role": "user", "content": blank, "created_at": SEGMENT["observed_at"]})


def test_optional_extras_of_the_wrong_kind_are_ignored_not_fatal():
    odd = {**SEGMENT, "importance": "high", "confidence": True, "entities": ["张总", {"type": "person"}]}
    seg = meinput.to_candidate(meinput.decode(odd, "u"), "u", TZ)
    plain = meinput.to_candidate(meinput.decode(SEGMENT, "u"), "u", TZ)
    assert (seg.importance, seg.confidence, seg.participants) == (plain.importance, plain.confidence, ())
    clamped = meinput.to_candidate(meinput.decode({**SEGMENT, "importance": 1.7}, "u"), "u", TZ)
    assert clamped.importance == 1.0


def test_chat_roles_and_runs():
    base = {"message_id": "m1", "session_id": "s1", "content": "明天上午10点开会", "created_at": "2026-09-02T20:30:00Z"}
    user = chat.to_candidate(chat.decode_message({**base, "role": "user"}), "u", TZ)
    echo = chat.to_candidate(chat.decode_message({**base, "role": "assistant"}), "u", TZ)
    assert chat.decode_message({**base, "role": "tool"}) is None, "tool output is dropped"
    assert user.source_quality > echo.source_quality and user.importance > echo.importance
    assert user.observed_time.utcoffset().total_seconds() == 0, "Z is accepted"
    run = chat.to_candidate(chat.decode_run({"run_id": "r1", "task": "整理合同条款", "status": "succeeded",
                                             "started_at": "2026-09-02T10:00:00+08:00", "summary": "已整理 12 条条款"}),
                            "u", TZ)
    assert (run.source_ref, run.type, run.status, run.event_time) == (
        "chat:run:r1", "event", "completed", datetime(2026, 9, 2, 10, tzinfo=TZ))
    assert (run.title, run.event_grain, run.confidence) == ("整理合同条款", "minute", 1.0), "a run's time and title are exact"
    with pytest.raises(msgspec.ValidationError):
        chat.decode_run({"run_id": "r2", "task": "x", "status": "exploded", "started_at": "2026-09-02T10:00:00+08:00"})


@pytest.mark.parametrize(("content", "kind"), [
    ("可以主动打个电话跟进", "mention"),  # advice is no task of the user's
    ("可以先跟客户确认预算，再决定方案", "mention"),  # nor a decision
    ("建议《纳瓦尔宝典》，篇幅短、观点集中，适合讨论。", "mention"),  # nor an event with no time of its own
    ("二十人可以点两三种口味的奶茶加一份水果拼盘，记得备几杯无糖的。", "mention"),
    ("好的，已帮你记下：明天晚上6点要交季度报告。", "todo"),  # the user's own to-do, echoed
    ("好的，已记录：报价单已发出，等待客户内部评审。", "event"),
    ("9月3日（周四）14:00 与恒通过合同时可以重点问：违约金比例和上限", "event"),  # an answer about the user's event
])
def test_an_assistants_advice_is_no_item_of_the_users_but_its_echo_is(content, kind):
    message = {"message_id": "m1", "session_id": "s1", "role": "assistant", "content": content,
               "created_at": "2026-09-02T20:30:00+08:00"}
    assert chat.to_candidate(chat.decode_message(message), "u", TZ).type == kind
    said_by_the_user = chat.to_candidate(chat.decode_message({**message, "role": "user"}), "u", TZ)
    assert kind != "mention" or said_by_the_user.type != "mention", "the row tests the assistant's turn"


@pytest.mark.parametrize(("content", "kind"), [
    ("统计一下班里开学以来交作业的情况", "mention"),  # the assistant's work, done in its answer
    ("给我一个客户拜访记录的模板", "mention"),
    ("帮我记一下，要交作业统计", "todo"),  # a task kept for the user
    ("统计一下班里交作业的情况，周五前要交", "todo"),  # a time of the user's own
    ("帮我加个待办：买牛奶", "todo"),
    ("给我爸寄点茶叶", "todo"),  # for my dad, not "give me"
    ("汇总表要交给财务", "todo"),  # a summary sheet, not "sum up"
])
def test_a_request_to_the_assistant_is_no_task_of_the_users(content, kind):
    message = {"message_id": "m1", "session_id": "s1", "role": "user", "content": content,
               "created_at": "2026-03-10T21:00:00+08:00"}
    assert chat.to_candidate(chat.decode_message(message), "u", TZ).type == kind


@pytest.mark.parametrize(("question", "reply", "event_time"), [
    # the words rewritten hold the time, not the user's day
    ("把“下周三下午三点开会”翻译成英文", "The meeting is at 3 p.m. next Wednesday.", None),
    ("总是凌晨一两点才睡着，早上六点半又得起，怎么调整？", "睡前一小时放下手机，下午三点后少喝咖啡和浓茶", None),
    ("明天跟王总的会几点？", "明天下午3点，在3号会议室", datetime(2026, 3, 11, 15, tzinfo=TZ)),
    ("跟王总的会几点？", "明天下午3点，在3号会议室", datetime(2026, 3, 11, 15, tzinfo=TZ)),  # a day of its own
    ("跟王总的会几点？", "下午3点，在3号会议室", datetime(2026, 3, 11, 15, tzinfo=TZ)),  # the time asked for
    ("提醒我给王总打电话", "好的，下午3点提醒你给王总打电话", datetime(2026, 3, 11, 15, tzinfo=TZ)),  # set up for the user
])
def test_an_answer_tells_a_time_of_day_only_for_a_question_with_a_time(question, reply, event_time):
    at = datetime(2026, 3, 10, 21, tzinfo=TZ)
    answer = chat.to_candidate(chat.Reply(message=chat.decode_message(
        {"message_id": "m2", "session_id": "s1", "role": "assistant", "content": reply,
         "created_at": "2026-03-10T21:00:30+08:00"}), asked=question), "u", TZ)
    assert answer.event_time == (event_time or at.replace(second=30))


def test_memory_records():
    mem = memory.to_candidate(memory.decode({"memory_id": "mem_3", "kind": "decision", "content": "架构定为 SQL-centric",
                                             "created_at": "2026-09-01T10:00:00+08:00", "event_time": None,
                                             "importance": 0.7}), "u", TZ)
    assert (mem.source_ref, mem.type, mem.importance) == ("memory_v2:memory:mem_3", "decision", 0.7)
    assert (mem.event_time, mem.status) == (datetime(2026, 9, 1, 10, tzinfo=TZ), "completed")


def test_a_memorys_own_event_time_dates_it():
    raw = {"memory_id": "mem_4", "kind": "commitment", "content": "答应老王帮他搬家",
           "created_at": "2026-09-01T10:00:00+08:00", "event_time": "2026-09-06T09:00:00+08:00"}
    mem = memory.to_candidate(memory.decode(raw), "u", TZ)
    assert (mem.event_time, mem.event_grain, mem.type) == (datetime(2026, 9, 6, 9, tzinfo=TZ), "minute", "commitment")
    undated = memory.to_candidate(memory.decode({**raw, "event_time": "soon"}), "u", TZ)
    assert undated.event_time is None, "an unreadable event_time leaves the memory undated, not skipped"
    with pytest.raises(msgspec.ValidationError):
        memory.decode({**raw, "kind": "rumour"})


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("明天下午三点和张总签合同", "和张总签合同"),
        ("好的，已帮你记下：明天下午3点和张总签合同。", "和张总签合同"),
        ("周五下午三点开周会，记得带电脑", "开周会"),
        ("今天晚上8点 MeInput 新版本上线", "MeInput 新版本上线"),
        ("和张总签了合同", "和张总签了合同"),
        # the deadline words go with the time they frame; a clause left saying too little keeps the one before
        ("合肥的差旅票据截止到下星期五交给财务", "合肥的差旅票据交给财务"),
        ("等保和软著的扫描件最晚周三要交", "等保和软著的扫描件要交"),
        ("可乐的狗粮快见底了，截止到9月5日得补上", "可乐的狗粮快见底了，得补上"),
        ("定了，年会放在杭州，湖边那几家酒店再比比价", "定了，年会放在杭州"),
        # a moved plan's title says what moved: its time is the new time
        ("给小郑的产品培训往后挪到下周一上午九点半", "给小郑的产品培训"),
        ("预测会改到礼拜四下午四点整了", "预测会"),
        ("电话里跟钱总保证了，下周三前给他试点方案", "电话里跟钱总保证了，给他试点方案"),
        ("周一跟王总开了会，周三前给他发方案", "跟王总开了会，给他发方案"),  # the borrowed clause's time is not the item's
        ("上周三在公司楼下的咖啡馆跟王总聊了很久明年的合作，周五前给他发方案", "给他发方案"),  # too long to borrow
        ("王总那边催了，明天给其他客户发报价", "给其他客户发报价"),  # 其他 is nobody
        ("周五整理周报发给王总", "整理周报发给王总"),  # 整 after a day is a word of its own
        ("恒通明天下班前要看到", "恒通下班前要看到"),  # a day does not say 下班前
        ("嘉禾医药的POC启动会定在下星期二上午10:00，帮我写个会议议程", "嘉禾医药的POC启动会"),
        ("明天", "明天"),  # nothing but time words: the text is all there is to show
    ],
)
def test_titles_say_what_happens_not_when_it_was_said(text, title):
    from app.normalize import build_candidate

    c = build_candidate(source="meinput", ref="x", user_id="u", role="segment", text=text,
                        observed=datetime(2026, 9, 1, 21, tzinfo=TZ), zone=TZ, happened_when_said=False)
    assert c.title == title
    assert c.content == text


def test_a_traditional_note_reads_like_a_simplified_one():
    from app.normalize import build_candidate

    def read(text):
        return build_candidate(source="meinput", ref="x", user_id="u", role="segment", text=text,
                               observed=datetime(2026, 9, 1, 21, tzinfo=TZ), zone=TZ, happened_when_said=False)

    trad, simp = read("明天下午三點和張總簽合同"), read("明天下午三点和张总签合同")
    assert (trad.gist, trad.event_time, trad.type, trad.participants) == (
        simp.gist, simp.event_time, simp.type, simp.participants)
    assert trad.content == "明天下午三點和張總簽合同", "the text is kept as written"


def test_a_family_member_named_by_an_upstream_is_the_one_family_word():
    # an entity 「我妈」 is the same person as 「老妈」 in another record: one word, so nothing can
    # mistake the two records for different people, or for the same named person
    assert participants_of("陪我妈买了件羽绒服", ["我妈"]) == ("妈妈",)
    assert participants_of("给王总打电话", ["王总", "老妈"]) == ("王总", "妈妈")


def test_an_upstreams_confidence_tilts_the_rules_confidence():
    from app.normalize import build_candidate

    def conf(upstream):
        return build_candidate(source="meinput", ref="r", user_id="u", role="segment", text="跟孙总定了，小郑提前转正",
                               observed=_t(OBS), zone=TZ, happened_when_said=False, confidence=upstream).confidence

    # a dictated decision the transcriber was unsure of is still a decision: less sure, not half as sure
    assert conf(None) > conf(0.9) > conf(0.5) >= 0.7 * conf(None)


@pytest.mark.parametrize(("text", "subject"), [
    ("台风天搬不了，搬家改到大后天了", "搬家"),  # its own clause
    ("复盘会往后挪到周五上午十点了，会议室被占了", "复盘"),  # not the reason after it
    ("王姐临时要去看场地，和王姐的见面改到下周二下午3点半", "见面"),  # the head of the phrase, not the person
    ("算了，周五的聚餐不去了", "聚餐"),
    ("ECMO培训延期了，改到12月1号下午2点", "培训"),  # the thing put off, not the reason
    ("搬家公司说那天不出车，改到10月3号早上8点", None),  # its clause names nothing before the move
    ("周会我也请假了", "周会"),  # the excusing cue starts inside the meeting's word
    ("半马改到下个月了", "半马"),  # as written, not the word keywords() adds for it (马拉松)
])
def test_a_change_names_the_plan_by_its_head_word(text, subject):
    assert analyse(text, _t("2027-03-29 09:00"), TZ, happened_when_said=False).subject == subject


@pytest.mark.parametrize(("text", "change"), [
    ("押金7600转过去了，备注写了押金", "done"),
    ("房租3500打过去了", "done"),  # money sent
    ("学费交过了", "done"),  # done before now
    ("尾款已经转了", "done"),
    ("这个我之前发过了吗", None),  # asked, not said
    ("房租转过去了吗", None),
    ("人数报给饭店了，一共24位", "done"),  # reported to whoever asked
    ("材料递给王老师了", "done"),
    ("忘了报给饭店了", None),
    ("电话打过去了，没人接", None),  # a call tried
    ("已经转了三次车", None),
    ("这道菜我做过了，不好吃", None),  # done before, no errand
])
def test_a_payment_sent_or_a_thing_done_before_is_done(text, change):
    assert analyse(text, _t("2027-09-25 10:12"), TZ, happened_when_said=False).change == change


@pytest.mark.parametrize(("text", "change"), [
    ("年货买齐了，老汉的酒选的五粮液", "done"),  # bought, all of it
    ("新钱换好了，红包也买了一沓", "done"),
    ("报名材料凑齐了", "done"),
    ("换了个发型，感觉不错", None),  # a change, no errand done
    ("材料收齐了吗", None),
    ("收好了，谢谢", None),
    ("人凑齐了就开打", None),
])
def test_a_thing_got_or_gathered_is_done(text, change):
    assert analyse(text, _t("2027-01-31 15:08"), TZ, happened_when_said=False).change == change
