<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BuildDetail</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="809"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="809"/>
        <source>Part</source>
        <translation>配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="809"/>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="809"/>
        <location filename="../../configurator/qt/builds.py" line="960"/>
        <location filename="../../configurator/qt/builds.py" line="964"/>
        <location filename="../../configurator/qt/builds.py" line="970"/>
        <location filename="../../configurator/qt/builds.py" line="975"/>
        <location filename="../../configurator/qt/builds.py" line="979"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="809"/>
        <source>Subtotal</source>
        <translation>小计</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="829"/>
        <source>&lt;b&gt;Why each part&lt;/b&gt;</source>
        <translation>&lt;b&gt;每个配件的选择理由&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="854"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="854"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="854"/>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="874"/>
        <source>Parts</source>
        <translation>配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="875"/>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="876"/>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="877"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="878"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="879"/>
        <source>Slot map</source>
        <translation>插槽布局</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="880"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="881"/>
        <source>Estimates</source>
        <translation>估算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="892"/>
        <source>Buy or rent</source>
        <translation>购买还是租用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="964"/>
        <source>(without VAT)</source>
        <translation>（不含增值税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="965"/>
        <source>, without VAT ({0:,.0f} with {1} {2:g} % VAT)</source>
        <translation>，不含增值税（含 {1} {2:g}% 增值税为 {0:,.0f}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="970"/>
        <source>(before sales tax)</source>
        <translation>（不含销售税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="970"/>
        <source>, before sales tax</source>
        <translation>，不含销售税</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="975"/>
        <source>({0} {1:g} % VAT in)</source>
        <translation>（含 {0} {1:g}% 增值税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="976"/>
        <source>, {0} {1:g} % VAT in ({2:,.0f} without)</source>
        <translation>，含 {0} {1:g}% 增值税（不含税 {2:,.0f}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="979"/>
        <source>({0:g} % VAT in)</source>
        <translation>（含 {0:g}% 增值税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="980"/>
        <source>, {0:g} % VAT in ({1:,.0f} without)</source>
        <translation>，含 {0:g}% 增值税（不含税 {1:,.0f}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="989"/>
        <source> ({0} owned)</source>
        <translation>（已有 {0}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="995"/>
        <source> for the cluster</source>
        <translation>（集群共用）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="997"/>
        <source> per node x {0:,}</source>
        <translation>（每节点，共 {0:,} 个节点）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1025"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1040"/>
        <source> for {0} machines</source>
        <translation>（{0} 台机器）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1042"/>
        <source>; parts you own save {0:,.0f} {1}</source>
        <translation>；已有配件节省 {0:,.0f} {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1059"/>
        <source>{0} price older than six months (marked ⚠; hover for the date). Get a fresh quote and enter it with Catalog &gt; Edit prices and parts, Catalog &gt; Import a vendor quote, or Catalog &gt; Import a price pack.</source>
        <translation>{0} 个价格已超过六个月（标有 ⚠；悬停查看日期）。请索取最新报价，并通过“目录 &gt; 编辑价格和配件”、“目录 &gt; 导入供应商报价”或“目录 &gt; 导入价格包”录入。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1065"/>
        <source>{0} prices older than six months (marked ⚠; hover for the dates). Get a fresh quote and enter it with Catalog &gt; Edit prices and parts, Catalog &gt; Import a vendor quote, or Catalog &gt; Import a price pack.</source>
        <translation>{0} 个价格已超过六个月（标有 ⚠；悬停查看日期）。请索取最新报价，并通过“目录 &gt; 编辑价格和配件”、“目录 &gt; 导入供应商报价”或“目录 &gt; 导入价格包”录入。</translation>
    </message>
    <message>
        <source>{0} price(s) older than six months (marked ⚠; hover for the dates). Get a fresh quote and enter it with Catalog &gt; Edit prices and parts, Catalog &gt; Import a vendor quote, or Catalog &gt; Import a price pack.</source>
        <translation type="vanished">{0} 个价格已超过六个月（标有 ⚠；悬停查看日期）。请索取最新报价，并通过“目录 &gt; 编辑价格和配件”、“目录 &gt; 导入供应商报价”或“目录 &gt; 导入价格包”录入。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1081"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1097"/>
        <source> (one machine)</source>
        <translation>（单台机器）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1099"/>
        <source>Noise under load{0}:</source>
        <translation>满载噪音{0}：</translation>
    </message>
</context>
<context>
    <name>BuildHeader</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="701"/>
        <source>{0:,.0f} W at the wall</source>
        <translation>墙插功耗 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="703"/>
        <source>{0:,.0f} W at the wall at full load, {1:,.0f} W while decoding</source>
        <translation>满载时墙插 {0:,.0f} W，解码时 {1:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="706"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="707"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="713"/>
        <source>How this fits:</source>
        <translation>如何装下：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="720"/>
        <source>Why shown:</source>
        <translation>显示理由：</translation>
    </message>
</context>
<context>
    <name>BuildsTable</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="336"/>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="337"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="338"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="339"/>
        <source>Free</source>
        <translation>剩余</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="340"/>
        <source>Speed / time</source>
        <translation>速度 / 时间</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="341"/>
        <source>Wall</source>
        <translation>墙插功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="342"/>
        <source>Noise</source>
        <translation>噪音</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="343"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="344"/>
        <source>How it fits</source>
        <translation>如何装下</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="366"/>
        <source>VRAM left free on the most loaded GPU</source>
        <translation>负载最高的 GPU 上剩余的显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="368"/>
        <source>Under load, at {0:g} m from one machine: fans, cards and PSU summed logarithmically</source>
        <translation>满载时距单台机器 {0:g} 米处：风扇、显卡与电源按对数叠加</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="371"/>
        <source>Engine, split, KV cache, sharding, offload, power and framework the estimate assumes; {0} marks what the solver chose for you</source>
        <translation>估算所假设的引擎、切分方式、KV 缓存、分片、卸载、功率与框架；{0} 标出求解器替您选择的项</translation>
    </message>
</context>
<context>
    <name>BuyOrRentChart</name>
    <message>
        <location filename="../../configurator/qt/charts.py" line="678"/>
        <source>Cumulative cost: &lt;span style=&apos;color: #3b6ea8;&apos;&gt;buy (purchase + electricity - resale)&lt;/span&gt; vs &lt;span style=&apos;color: #c8553d;&apos;&gt;rent (cloud equivalent)&lt;/span&gt;</source>
        <translation>累计成本：&lt;span style=&apos;color: #3b6ea8;&apos;&gt;购买（购置 + 电费 - 转卖所得）&lt;/span&gt; 对比 &lt;span style=&apos;color: #c8553d;&apos;&gt;租用（同等云算力）&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="683"/>
        <source>Cumulative cost: &lt;span style=&apos;color: #3b6ea8;&apos;&gt;buy (purchase + electricity - resale)&lt;/span&gt; vs &lt;span style=&apos;color: #c8553d;&apos;&gt;rent as fast&lt;/span&gt; and &lt;span style=&apos;color: #b08900;&apos;&gt;rent what serves the need&lt;/span&gt;</source>
        <translation>累计成本：&lt;span style=&apos;color: #3b6ea8;&apos;&gt;购买（购置 + 电费 - 转卖）&lt;/span&gt; 对比 &lt;span style=&apos;color: #c8553d;&apos;&gt;同速租用&lt;/span&gt; 和 &lt;span style=&apos;color: #b08900;&apos;&gt;满足需求的租用&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="689"/>
        <source>Cumulative cost: &lt;span style=&apos;color: #3b6ea8;&apos;&gt;buy (purchase + electricity - resale)&lt;/span&gt;; no rental to compare</source>
        <translation>累计成本：&lt;span style=&apos;color: #3b6ea8;&apos;&gt;购买（购置 + 电费 - 转卖所得）&lt;/span&gt;；没有可比的租用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="696"/>
        <source>Cumulative cost: &lt;span style=&apos;color: #3b6ea8;&apos;&gt;buy (purchase + electricity - resale)&lt;/span&gt; vs &lt;span style=&apos;color: #c8553d;&apos;&gt;pay per token (price of {0})&lt;/span&gt;</source>
        <translation>累计成本：&lt;span style=&apos;color: #3b6ea8;&apos;&gt;购买（购置 + 电费 - 转卖所得）&lt;/span&gt; 对比 &lt;span style=&apos;color: #c8553d;&apos;&gt;按 token 付费（{0} 的价格）&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="702"/>
        <source>months</source>
        <translation>月</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="757"/>
        <source>month 0: {0:,.0f} {2} paid, {1:,.0f} back if sold at once</source>
        <translation>第 0 个月：购置花费 {0:,.0f} {2}，立即转卖可收回 {1:,.0f}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="847"/>
        <source>break-even: month {0}</source>
        <translation>回本：第 {0} 个月</translation>
    </message>
</context>
<context>
    <name>BuyOrRentPanel</name>
    <message>
        <location filename="../../configurator/qt/costs.py" line="152"/>
        <source> requests/day</source>
        <translation> 次请求/天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="79"/>
        <source>US average</source>
        <translation>美国平均</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="80"/>
        <source>EU average</source>
        <translation>欧盟平均</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="82"/>
        <source>China commercial</source>
        <translation>中国工商业电价</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="86"/>
        <source> /kWh</source>
        <translation> /千瓦时</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="86"/>
        <source>Electricity price per kWh, in the preset&apos;s currency</source>
        <translation>每千瓦时电价（按预设的货币）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="88"/>
        <source> h/day</source>
        <translation> 小时/天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="88"/>
        <source>Hours a day the machine is on</source>
        <translation>机器每天开机的小时数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="89"/>
        <source> days/yr</source>
        <translation> 天/年</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="89"/>
        <source>Days a year the machine is on</source>
        <translation>机器每年开机的天数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="95"/>
        <source> % busy</source>
        <translation> % 负载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="130"/>
        <source>A team&apos;s seats, each sending the kind of user&apos;s requests a day (or the requests a day set): the API bills every seat. Fewer are at work at once: chat seats by their own requests (the fewest streams on which at most 1 % of requests wait over 2 s: 2 for ten chat seats), coding agents by Anthropic&apos;s Claude Code sizing (all of 1-5 seats, half of 20, a quarter of 50): set Concurrent users to the streams they need (llm-rig plan --seats does). Unset: the users are the streams</source>
        <translation>团队的席位数，每个席位每天发送该用户类型的请求数（或所填的每天请求数）：API 按每个席位计费。同时在用的席位更少：聊天席位按它们自己的请求计（取最多 1% 的请求等待超过 2 秒的最少流数：10 个聊天席位需 2 路），编码智能体按 Anthropic 的 Claude Code 规划（1-5 个席位全部同时在用，20 个约一半，50 个约四分之一）：请把“并发用户”设为它们同时需要的流数（llm-rig plan --seats 会自动设置）。不填：用户数即流数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="154"/>
        <source>Requests each user sends a day the machine is on: what a per-token API bills, the same for every build. Unset (by speed): each user at the speed asked, else reading speed, over the busy hours, as the rental that serves them is sized. One casual ChatGPT user sends {casual:.1f} a day (NBER working paper 34255); a coding agent sends hundreds</source>
        <translation>每个用户在机器开机的每天发送的请求数：按 token 计费的 API 按此计费，每台配置都相同。未设置（按速度）：每个用户按要求的速度（未要求则按阅读速度）在忙碌小时内持续生成，与满足需求的租用方案按同一需求配置。一个普通 ChatGPT 用户每天发送 {casual:.1f} 次（NBER 工作论文 34255）；编程智能体每天发送数百次</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="104"/>
        <location filename="../../configurator/qt/costs.py" line="160"/>
        <source>by speed</source>
        <translation>按速度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="81"/>
        <source>EU business, net of VAT</source>
        <translation>欧盟企业（不含增值税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="97"/>
        <source>Share of the on-time the users are at work (training: at full load). Serving, the machine is busy while it answers their requests at its own speed and idle the rest</source>
        <translation>开机时间中用户在工作的比例（训练：满载的比例）。推理时，机器只在以自身速度回答用户请求时忙碌，其余时间待机</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="105"/>
        <source>chat user</source>
        <translation>聊天用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="106"/>
        <source>coding agent</source>
        <translation>编程智能体</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="112"/>
        <source>The kind of user: a casual chat user sends {casual:.1f} requests a day (NBER working paper 34255); an agentic coding seat about {coding:.0f} of a {prompt:,}-token prompt and a {reply}-token reply (estimated from Anthropic&apos;s Claude Code figures). Requests a day, when set, override it</source>
        <translation>用户类型：普通聊天用户每天发送 {casual:.1f} 个请求（NBER 工作论文 34255）；一个智能体编程席位每天约 {coding:.0f} 个，每个提示 {prompt:,} token、回复 {reply} token（按 Anthropic 公布的 Claude Code 数据估计）。填写了每天请求数时以其为准</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="128"/>
        <source> seats</source>
        <translation> 个席位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="137"/>
        <source>no team</source>
        <translation>无团队</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="138"/>
        <source>dedicated endpoint</source>
        <translation>专用端点</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="141"/>
        <source>Rent an endpoint kept on every hour the machine would be on; unticked, the rental is billed by the second for the hours it answers the users&apos; requests, the rule the build&apos;s busy hours follow</source>
        <translation>租用在机器开机的每个小时都保持在线的端点；不勾选时，租用按秒计费，只计回答用户请求的小时，与本机忙碌小时同一算法</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="164"/>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="165"/>
        <source>Depreciation period and useful life</source>
        <translation>折旧期与使用寿命</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="171"/>
        <source> % resale</source>
        <translation> % 残值</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="173"/>
        <source>Resale value after that period, as a share of the purchase (default 35 %, an estimate; GPUs with a used price in the catalog use it)</source>
        <translation>到期后的转售价值，占购置价的比例（默认 35 %，为估计值；目录中有二手价的 GPU 使用该价格）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="182"/>
        <source>Electricity</source>
        <translation>电费</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="188"/>
        <source>Usage</source>
        <translation>使用情况</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="193"/>
        <source>Users</source>
        <translation>用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="197"/>
        <source>Keep for</source>
        <translation>使用年限</translation>
    </message>
</context>
<context>
    <name>CatalogEditorDialog</name>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="520"/>
        <source>GPUs</source>
        <translation>显卡</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="521"/>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="522"/>
        <source>Motherboards</source>
        <translation>主板</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="523"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="524"/>
        <source>Power supplies</source>
        <translation>电源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="525"/>
        <source>Cases</source>
        <translation>机箱</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="526"/>
        <source>CPU coolers</source>
        <translation>CPU 散热器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="527"/>
        <source>Storage</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="528"/>
        <source>Accessories</source>
        <translation>附件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="529"/>
        <source>Ready-made systems</source>
        <translation>整机</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="530"/>
        <source>Used base machines</source>
        <translation>二手整机底座</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="531"/>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="536"/>
        <source>Catalog editor</source>
        <translation>目录编辑器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="542"/>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="550"/>
        <source>Form</source>
        <translation>形态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="553"/>
        <source>Record as TOML (expert). Change the id to add a custom part:</source>
        <translation>以 TOML 表示的记录（高级）。修改 id 即可新增自定义配件：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="555"/>
        <source>TOML (expert)</source>
        <translation>TOML（高级）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="556"/>
        <source>Save record to my catalog</source>
        <translation>将记录保存到我的目录</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="663"/>
        <source>Fix the fields marked in red first.</source>
        <translation>请先修正标红的字段。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="675"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="675"/>
        <source>Could not write your catalog file: {0}</source>
        <translation>无法写入您的目录文件：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="684"/>
        <source>Saved {0} to {1}</source>
        <translation>已将 {0} 保存到 {1}</translation>
    </message>
</context>
<context>
    <name>CatalogField</name>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="9"/>
        <source>Airflow</source>
        <translation>风道</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="10"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="11"/>
        <source>Per-head attention gate</source>
        <translation>逐头注意力门控</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="12"/>
        <source>Gated attention output</source>
        <translation>注意力输出门控</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="13"/>
        <source>Attention sinks</source>
        <translation>注意力 sink</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="14"/>
        <source>ATX version</source>
        <translation>ATX 版本</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="15"/>
        <source>Base clock</source>
        <translation>基础频率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="16"/>
        <source>BF16 compute</source>
        <translation>BF16 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="17"/>
        <source>PCIe bifurcation</source>
        <translation>PCIe 拆分</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="18"/>
        <source>Boost clock</source>
        <translation>加速频率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="19"/>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="20"/>
        <source>Core dies (CCDs)</source>
        <translation>核心芯片（CCD）数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="21"/>
        <source>Chipset</source>
        <translation>芯片组</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="22"/>
        <source>Wall circuit added</source>
        <translation>新增的墙插电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="23"/>
        <source>CUDA compute capability</source>
        <translation>CUDA 计算能力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="24"/>
        <source>Compute capability source</source>
        <translation>计算能力来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="25"/>
        <source>Cooler type</source>
        <translation>散热类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="26"/>
        <source>Cores</source>
        <translation>核心数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="27"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="28"/>
        <source>Number of CPUs</source>
        <translation>CPU 数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="29"/>
        <source>CPU fitted</source>
        <translation>所配 CPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="30"/>
        <source>CPU sockets</source>
        <translation>CPU 插槽数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="31"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="32"/>
        <source>Memory slots</source>
        <translation>内存插槽数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="33"/>
        <source>Memory modules per channel</source>
        <translation>每通道内存条数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="34"/>
        <source>Second power supply header</source>
        <translation>第二电源接口</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="35"/>
        <source>ECC memory</source>
        <translation>ECC 内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="36"/>
        <source>Efficiency rating</source>
        <translation>能效等级</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="37"/>
        <source>Expansion slots</source>
        <translation>扩展槽位数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="38"/>
        <source>Export-restricted to China</source>
        <translation>对华出口受限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="39"/>
        <source>Export variant of</source>
        <translation>出口版对应型号</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="40"/>
        <source>Fabric</source>
        <translation>互连类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="41"/>
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="42"/>
        <source>Case form</source>
        <translation>机箱形态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="43"/>
        <source>Form factor</source>
        <translation>规格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="44"/>
        <source>FP16 compute</source>
        <translation>FP16 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="45"/>
        <source>FP32 compute</source>
        <translation>FP32 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="46"/>
        <source>FP4 compute</source>
        <translation>FP4 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="47"/>
        <source>FP8 compute</source>
        <translation>FP8 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="48"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="49"/>
        <source>GPU bay PCIe generation</source>
        <translation>GPU 仓位 PCIe 代数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="50"/>
        <source>GPU bays</source>
        <translation>GPU 仓位数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="51"/>
        <source>Number of GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="52"/>
        <source>GPU power plugs, 6-pin only</source>
        <translation>显卡供电插头（仅 6-pin）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="53"/>
        <source>GPU power plugs, 6+2-pin</source>
        <translation>显卡供电插头（6+2-pin）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="54"/>
        <source>GPUs per card</source>
        <translation>每卡 GPU 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="55"/>
        <source>Attention head size</source>
        <translation>注意力头维度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="56"/>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="57"/>
        <source>Hugging Face repository</source>
        <translation>Hugging Face 仓库</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="58"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="59"/>
        <source>Machine&apos;s own load</source>
        <translation>整机自身负载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="60"/>
        <source>mHC residual streams</source>
        <translation>mHC 残差流数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="61"/>
        <source>Identifier</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="62"/>
        <source>Idle draw source</source>
        <translation>待机功耗出处</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="63"/>
        <source>Idle draw</source>
        <translation>待机功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="64"/>
        <source>Included power supply</source>
        <translation>附带电源功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="65"/>
        <source>INT8 compute</source>
        <translation>INT8 算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="66"/>
        <source>Built-in motherboard</source>
        <translation>自带主板</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="67"/>
        <source>Integrated graphics</source>
        <translation>集成显卡</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="68"/>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="69"/>
        <source>Interconnect note</source>
        <translation>互连说明</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="70"/>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="71"/>
        <source>Feed-forward size</source>
        <translation>前馈层维度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="72"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="73"/>
        <source>Learned position embeddings</source>
        <translation>可学习位置嵌入</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="74"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="75"/>
        <source>License</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="76"/>
        <source>Linear layer bias</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="77"/>
        <source>Market</source>
        <translation>市场</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="78"/>
        <source>Largest motherboard</source>
        <translation>最大主板规格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="79"/>
        <source>Widest motherboard</source>
        <translation>最大主板宽度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="80"/>
        <source>Longest card</source>
        <translation>最长显卡长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="81"/>
        <source>Longest context</source>
        <translation>最长上下文</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="82"/>
        <source>Tallest CPU cooler</source>
        <translation>最高 CPU 散热器高度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="83"/>
        <source>Longest GPU</source>
        <translation>最长显卡长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="84"/>
        <source>Most GPUs</source>
        <translation>最多 GPU 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="85"/>
        <source>Most memory</source>
        <translation>最大内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="86"/>
        <source>Maximum power</source>
        <translation>最大功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="87"/>
        <source>Longest power supply</source>
        <translation>最长电源长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="88"/>
        <source>Highest CPU power it cools</source>
        <translation>可压制的最高 CPU 功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="89"/>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="90"/>
        <source>Memory channels</source>
        <translation>内存通道数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="91"/>
        <location filename="../../configurator/qt/catalog_fields.py" line="140"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="92"/>
        <source>Memory module type</source>
        <translation>内存模组类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="93"/>
        <source>Memory speed, two modules per channel</source>
        <translation>内存速率（每通道两条）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="94"/>
        <source>Memory speed</source>
        <translation>内存速率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="95"/>
        <source>Memory type</source>
        <translation>内存类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="96"/>
        <source>Lowest input voltage</source>
        <translation>最低输入电压</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="97"/>
        <source>Gated feed-forward</source>
        <translation>门控前馈层</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="98"/>
        <source>Modified card</source>
        <translation>改装卡</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="99"/>
        <source>Module type</source>
        <translation>模组类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="100"/>
        <source>Module size</source>
        <translation>单条容量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="101"/>
        <source>Modules in the kit</source>
        <translation>套装条数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="102"/>
        <source>Multi-token prediction layers</source>
        <translation>多 token 预测层数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="103"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="104"/>
        <source>Native 12V-2x6 connector</source>
        <translation>原生 12V-2x6 接口</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="105"/>
        <source>Native precision</source>
        <translation>原生精度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="106"/>
        <source>Native precision covers</source>
        <translation>原生精度范围</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="107"/>
        <source>Needs ducted airflow</source>
        <translation>需要导风罩风道</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="108"/>
        <source>Network per GPU</source>
        <translation>每 GPU 网络带宽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="109"/>
        <source>Noise</source>
        <translation>噪音</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="110"/>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="111"/>
        <source>Norms per layer</source>
        <translation>每层归一化个数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="112"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="113"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="114"/>
        <source>Key-value heads</source>
        <translation>键值头数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="115"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="116"/>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="117"/>
        <source>NVLink bandwidth</source>
        <translation>NVLink 带宽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="118"/>
        <source>Peer-to-peer transfers</source>
        <translation>点对点传输</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="119"/>
        <source>Active parameters</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="120"/>
        <source>Parameter count source</source>
        <translation>参数量来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="121"/>
        <source>Total parameters</source>
        <translation>总参数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="122"/>
        <source>PCIe generation</source>
        <translation>PCIe 代数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="123"/>
        <source>PCIe lanes</source>
        <translation>PCIe 通道数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="124"/>
        <source>Accessory per GPU</source>
        <translation>每块 GPU 所需配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="125"/>
        <source>Platform</source>
        <translation>平台</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="126"/>
        <source>Port speed</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="127"/>
        <source>Ports</source>
        <translation>端口数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="128"/>
        <source>Lowest power limit</source>
        <translation>最低功耗上限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="129"/>
        <source>Power limit source</source>
        <translation>功耗上限来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="135"/>
        <source>Power supply</source>
        <translation>电源功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="137"/>
        <source>Query and key norms</source>
        <translation>Query 与 key 归一化</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="142"/>
        <source>Resizable BAR</source>
        <translation>Resizable BAR（可调整 BAR）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="148"/>
        <source>Slot openings</source>
        <translation>扩展槽挡板位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="161"/>
        <source>Usable graphics memory</source>
        <translation>可用显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="162"/>
        <source>Usable memory source</source>
        <translation>可用显存来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="130"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="131"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="132"/>
        <source>Provider type</source>
        <translation>服务商类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="133"/>
        <source>Power supply bays</source>
        <translation>电源仓位数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="134"/>
        <source>Redundant power supplies</source>
        <translation>冗余电源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="136"/>
        <source>Total power supply</source>
        <translation>电源总功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="138"/>
        <source>Rack units</source>
        <translation>机架高度（U）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="139"/>
        <source>Radiator size</source>
        <translation>冷排尺寸</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="141"/>
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="143"/>
        <source>Release year</source>
        <translation>发布年份</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="144"/>
        <source>Sequential read</source>
        <translation>顺序读取</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="145"/>
        <source>Sequential write</source>
        <translation>顺序写入</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="146"/>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="147"/>
        <source>Sliding-window layers</source>
        <translation>滑动窗口层数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="149"/>
        <source>Slot width</source>
        <translation>占用槽位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="150"/>
        <source>Socket</source>
        <translation>插槽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="151"/>
        <source>Source for the end of new sales</source>
        <translation>停售新品的来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="152"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="153"/>
        <source>Spacing</source>
        <translation>间距槽位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="154"/>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="155"/>
        <location filename="../../configurator/qt/catalog_fields.py" line="156"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="157"/>
        <source>Thermal design power</source>
        <translation>热设计功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="158"/>
        <source>How the compute figures were read</source>
        <translation>算力数据的读法</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="159"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="160"/>
        <source>Tied embeddings</source>
        <translation>共享词嵌入</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="163"/>
        <source>Virtual CPUs</source>
        <translation>虚拟 CPU 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="164"/>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="165"/>
        <source>Vendor part number</source>
        <translation>厂商料号</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="166"/>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="167"/>
        <source>Graphics memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="168"/>
        <source>Graphics memory in all</source>
        <translation>显存总量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="169"/>
        <source>Rated power</source>
        <translation>额定功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_fields.py" line="170"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="116"/>
        <source>Compare builds</source>
        <translation>对比配置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="153"/>
        <source>Highlighted rows differ between the builds.</source>
        <translation>高亮的行表示各配置之间不同。</translation>
    </message>
</context>
<context>
    <name>CountryDialog</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="283"/>
        <source>United States</source>
        <translation>美国</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="284"/>
        <source>Canada (prices in USD)</source>
        <translation>加拿大（价格以 USD 计）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="285"/>
        <source>China (mainland)</source>
        <translation>中国大陆</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="286"/>
        <source>Euro area (Germany, France, ...)</source>
        <translation>欧元区（德国、法国等）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="287"/>
        <source>Elsewhere, 220-240 V (prices in USD)</source>
        <translation>其他地区，220-240 V（价格以 USD 计）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="288"/>
        <source>Elsewhere, 100-127 V (prices in USD)</source>
        <translation>其他地区，100-127 V（价格以 USD 计）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="306"/>
        <source>Where will the machine run?</source>
        <translation>机器在哪里使用？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="309"/>
        <source>Your country sets the currency, the wall circuit, the market (China: export variants and CNY prices) and the language of new projects. Each can be changed later on its own, in Build &gt; Preferences or in the request.</source>
        <translation>国家/地区决定新项目的货币、墙插电路、市场（中国：特供版显卡与人民币价格）和界面语言。之后可在“构建 &gt; 偏好设置”或需求中分别修改。</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="358"/>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
</context>
<context>
    <name>InfeasibleBanner</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="558"/>
        <source>Below, passing every check:</source>
        <translation>下面是通过所有检查的配置：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="579"/>
        <source>Binding:</source>
        <translation>受限于：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="582"/>
        <source>Cheapest way out:</source>
        <translation>最省钱的解决办法：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="585"/>
        <source>Ways out, cheapest first:</source>
        <translation>解决办法（从最省钱的开始）：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="523"/>
        <location filename="../../configurator/qt/builds.py" line="606"/>
        <location filename="../../configurator/qt/builds.py" line="610"/>
        <location filename="../../configurator/qt/builds.py" line="653"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="524"/>
        <source>Change the request as suggested and solve again</source>
        <translation>按建议修改需求并重新求解</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="580"/>
        <source>Cheapest way out on supported software:</source>
        <translation>在受支持软件上最省钱的解决办法：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="583"/>
        <source>Ways out, cheapest on supported software first:</source>
        <translation>解决办法，在受支持软件上最省钱的在前：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="612"/>
        <source>Apply the cheapest</source>
        <translation>应用最便宜的</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="614"/>
        <source>Apply way out {0}</source>
        <translation>应用办法 {0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="640"/>
        <source>{tps:.1f} tokens/s</source>
        <translation>{tps:.1f} token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="654"/>
        <source>Change the request this way and solve again</source>
        <translation>按此修改需求并重新求解</translation>
    </message>
</context>
<context>
    <name>LaunchCommand</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="766"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="767"/>
        <source>Copy the command to the clipboard</source>
        <translation>将命令复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="784"/>
        <source>Run it</source>
        <translation>运行命令</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="797"/>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="143"/>
        <source>Reading the model file; Esc cancels</source>
        <translation>正在读取模型文件；按 Esc 取消</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="201"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="217"/>
        <source>&amp;New project</source>
        <translation>新建项目(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="218"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="219"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="220"/>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="221"/>
        <source>&amp;Import model…</source>
        <translation>导入模型(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="221"/>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="222"/>
        <source>&amp;Print build sheet…</source>
        <translation>打印装机单(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="224"/>
        <source>&amp;Export builds…</source>
        <translation>导出配置(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="226"/>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="227"/>
        <source>Purchase list (XLSX, CSV, Markdown) or build sheets (PDF) of the selected builds</source>
        <translation>所选配置的采购清单（XLSX、CSV、Markdown）或装机单（PDF）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="229"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="232"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="240"/>
        <source>&amp;Build</source>
        <translation>配置(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="241"/>
        <location filename="../../configurator/qt/main_window.py" line="502"/>
        <source>&amp;Solve again</source>
        <translation>重新求解(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="241"/>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="242"/>
        <source>&amp;Cancel solve or import</source>
        <translation>取消求解或导入(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="242"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="244"/>
        <source>&amp;Compare selected…</source>
        <translation>对比所选(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="246"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="247"/>
        <source>Select two or more builds (or none for all), then compare</source>
        <translation>选择两个或更多配置（不选则对比全部）后对比</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="254"/>
        <source>Recommendation &amp;map…</source>
        <translation>推荐地图(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="256"/>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="257"/>
        <source>The cheapest machine for each model size</source>
        <translation>每种模型规模最便宜的机器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="261"/>
        <source>&amp;Preferences…</source>
        <translation>偏好设置(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="265"/>
        <source>&amp;Catalog</source>
        <translation>目录(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="266"/>
        <source>&amp;Edit prices and parts…</source>
        <translation>编辑价格和配件(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="266"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="268"/>
        <source>Import a vendor &amp;quote (CSV/XLSX)…</source>
        <translation>导入供应商报价(&amp;Q)（CSV/XLSX）…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="271"/>
        <source>&amp;Import a price pack…</source>
        <translation>导入价格包(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="273"/>
        <source>E&amp;xport my prices as a price pack…</source>
        <translation>将我的价格导出为价格包(&amp;X)…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="275"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="276"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="278"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="284"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="285"/>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="287"/>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="305"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="316"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="317"/>
        <source>This project has unsaved changes. Save them first?</source>
        <translation>此项目有未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="335"/>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="335"/>
        <location filename="../../configurator/qt/main_window.py" line="359"/>
        <source>LLM Rig projects (*.llmrig)</source>
        <translation>LLM Rig 项目 (*.llmrig)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="345"/>
        <source>Could not open the project</source>
        <translation>无法打开项目</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="346"/>
        <source>{0}

Your current project is unchanged; the file was not modified.</source>
        <translation>{0}

当前项目未改变；该文件未被修改。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="359"/>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="368"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="368"/>
        <location filename="../../configurator/qt/main_window.py" line="895"/>
        <location filename="../../configurator/qt/main_window.py" line="933"/>
        <source>{0}: {1}

Nothing was overwritten.</source>
        <translation>{0}：{1}

没有覆盖任何文件。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="372"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="377"/>
        <source>Import a model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="388"/>
        <source>Reading {0}… (Esc cancels)</source>
        <translation>正在读取 {0}…（按 Esc 取消）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="393"/>
        <source>Could not import the model</source>
        <translation>无法导入模型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="397"/>
        <source>Imported {0}</source>
        <translation>已导入 {0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="406"/>
        <source>Imported for this session only: {0}</source>
        <translation>仅在本次会话中导入：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="445"/>
        <source>{0} build for &lt;b&gt;{1}&lt;/b&gt; ({2}) in {3:.2f} s</source>
        <translation>&lt;b&gt;{1}&lt;/b&gt;（{2}）共 {0} 个配置，用时 {3:.2f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="447"/>
        <source>{0} builds for &lt;b&gt;{1}&lt;/b&gt; ({2}) in {3:.2f} s</source>
        <translation>&lt;b&gt;{1}&lt;/b&gt;（{2}）共 {0} 个配置，用时 {3:.2f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="460"/>
        <source>Note:</source>
        <translation>注：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="473"/>
        <source>Solved in {0:.2f} s</source>
        <translation>求解完成，用时 {0:.2f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="478"/>
        <source>Cheapest build found; solving the alternatives…</source>
        <translation>已找到最便宜的配置；正在求解其他方案…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="481"/>
        <source>Solving…</source>
        <translation>正在求解…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="484"/>
        <source>Solve failed</source>
        <translation>求解失败</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="485"/>
        <source>Could not solve this request</source>
        <translation>无法求解此需求</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="495"/>
        <source>Solve is off until the inputs are valid: {0}</source>
        <translation>输入有效后才能求解：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="497"/>
        <source>&amp;Solve again (fix the inputs first)</source>
        <translation>重新求解(&amp;S)（请先修正输入）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="500"/>
        <source>Solve the current request again</source>
        <translation>重新求解当前需求</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="512"/>
        <source>&lt;b&gt;These builds answer your previous inputs, not the ones on the left.&lt;/b&gt; {0}. Fix the field marked in red to solve again.</source>
        <translation>&lt;b&gt;这些配置对应的是你之前的输入，而不是左侧当前的输入。&lt;/b&gt;{0}。修正标红的字段后会重新求解。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="517"/>
        <source>&lt;b&gt;Nothing solved yet.&lt;/b&gt; {0}. Fix the field marked in red.</source>
        <translation>&lt;b&gt;尚未求解。&lt;/b&gt;{0}。请修正标红的字段。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="520"/>
        <source>&lt;b&gt;Solving your changed inputs…&lt;/b&gt; the builds below answer the previous ones.</source>
        <translation>&lt;b&gt;正在按修改后的输入求解…&lt;/b&gt;下方的配置对应之前的输入。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="560"/>
        <source>Compare needs at least two builds</source>
        <translation>对比至少需要两个配置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="617"/>
        <location filename="../../configurator/qt/main_window.py" line="645"/>
        <source>The language changes at the next start</source>
        <translation>语言将在下次启动时切换</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="654"/>
        <source>Could not save preferences</source>
        <translation>无法保存偏好设置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="659"/>
        <source>Import a vendor quote</source>
        <translation>导入供应商报价</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="659"/>
        <source>Quotes (*.csv *.xlsx);;All files (*)</source>
        <translation>报价单 (*.csv *.xlsx);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="729"/>
        <source>; {0} of {1} priced parts have only prices older than six months</source>
        <translation>；{1} 个有价格的配件中 {0} 个只有六个多月前的价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="721"/>
        <source>Catalog: no dated prices</source>
        <translation>目录：没有带日期的价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="706"/>
        <source>The months of the part prices a buyer paying in {1} is quoted from (that currency&apos;s own prices first, then others converted), seen in the last six months (counted from today, {0}); older ones are marked in each build</source>
        <translation>以 {1} 付款的买家所用配件价格（先用该币种自己的价格，再用其他币种换算）近六个月内（从今天 {0} 起算）所见的月份；较旧的价格在每个配置中有标记</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="724"/>
        <source>Catalog prices {0}</source>
        <translation>目录价格 {0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="726"/>
        <source>Catalog prices from {0} to {1}</source>
        <translation>目录价格 {0} 至 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="736"/>
        <source>Import a price pack</source>
        <translation>导入价格包</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="736"/>
        <source>Price packs (*.toml);;All files (*)</source>
        <translation>价格包 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="757"/>
        <source>Export my prices as a price pack</source>
        <translation>将我的价格导出为价格包</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="757"/>
        <source>Price packs (*.toml)</source>
        <translation>价格包 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="761"/>
        <source>Price pack</source>
        <translation>价格包</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="761"/>
        <source>Who is this price list from?</source>
        <translation>这份价格表来自谁？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="767"/>
        <source>Could not export the price pack</source>
        <translation>无法导出价格包</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="769"/>
        <source>Exported {0} price(s) and {1} part(s) to {2}</source>
        <translation>已将 {0} 个价格和 {1} 个配件导出到 {2}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="797"/>
        <source>Choose a build to print</source>
        <translation>请选择要打印的配置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="804"/>
        <source>Nothing to export: no build yet</source>
        <translation>没有可导出的内容：尚无配置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="808"/>
        <source>Export builds</source>
        <translation>导出配置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="810"/>
        <source>Purchase list (*.xlsx);;Line items (*.csv);;Forum table (*.md);;Build sheets (*.pdf)</source>
        <translation>采购清单 (*.xlsx);;明细行 (*.csv);;论坛表格 (*.md);;装机单 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="840"/>
        <source>Solving every workload of the project for the export…</source>
        <translation>正在为导出求解本项目的每个工作负载…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="900"/>
        <source>Exported {0} build(s) of {1} workloads to {2}</source>
        <translation>已将 {1} 个工作负载的 {0} 个配置导出到 {2}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="928"/>
        <source>Unknown file type</source>
        <translation>未知的文件类型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="928"/>
        <source>{0}: choose .xlsx, .csv, .md or .pdf</source>
        <translation>{0}：请选择 .xlsx、.csv、.md 或 .pdf</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="895"/>
        <location filename="../../configurator/qt/main_window.py" line="933"/>
        <source>Could not export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="936"/>
        <source>Exported {0} build(s) to {1}</source>
        <translation>已导出 {0} 个配置到 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="949"/>
        <source>About LLM Rig Configurator</source>
        <translation>关于 LLM 装机配置器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="952"/>
        <source>What machine to buy to run, fine-tune or train an LLM.
Every estimate explains itself; every part and price carries its source.</source>
        <translation>要运行、微调或训练大模型，该买什么机器。
每个估算都给出依据；每个配件和价格都注明来源。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="963"/>
        <source>
… and {0} more</source>
        <translation>
……另有 {0} 条</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="966"/>
        <source>Some catalog files could not be read</source>
        <translation>部分目录文件无法读取</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="967"/>
        <source>{0}

Everything else loaded. Your files were not changed; fix them and restart.</source>
        <translation>{0}

其余内容已加载。您的文件未被修改；请修正后重新启动。</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="59"/>
        <source>Search models, e.g. llama 70</source>
        <translation>搜索模型，例如 llama 70</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="62"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="62"/>
        <source>Params</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="62"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="70"/>
        <source>Import config.json / GGUF / model folder…</source>
        <translation>导入 config.json / GGUF / 模型文件夹…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="78"/>
        <source>Type to narrow the list; Enter or a click chooses the highlighted model</source>
        <translation>输入以筛选列表；按 Enter 或单击选择高亮的模型</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="99"/>
        <source>{0:.1f}B ({1:.1f}B active)</source>
        <translation>{0:.1f}B（激活 {1:.1f}B）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="105"/>
        <source>{0} ({1}): {2} layers, {3} heads / {4} KV heads</source>
        <translation>{0}（{1}）：{2} 层，{3} 个注意力头 / {4} 个 KV 头</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="166"/>
        <source>Preferences</source>
        <translation>偏好设置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="173"/>
        <source>global</source>
        <translation>全球</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="174"/>
        <source>China</source>
        <translation>中国</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="189"/>
        <source>{0} ({1:g} % VAT)</source>
        <translation>{0}（增值税 {1:g}%）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="192"/>
        <source>paid: prices with VAT</source>
        <translation>自付：价格含增值税</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="193"/>
        <source>reclaimed (VAT-registered business): prices and budget without VAT</source>
        <translation>可抵扣（已登记增值税的企业）：价格与预算不含增值税</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="197"/>
        <source>follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="198"/>
        <source>light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="199"/>
        <source>dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="204"/>
        <source>Currency of new projects</source>
        <translation>新项目的货币</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="205"/>
        <source>Region of new projects</source>
        <translation>新项目的地区</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="206"/>
        <source>Circuit of new projects</source>
        <translation>新项目的电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="207"/>
        <source>Country of euro projects (VAT)</source>
        <translation>欧元项目所在国（增值税）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="208"/>
        <source>VAT of new projects</source>
        <translation>新项目的增值税</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="209"/>
        <source>Colours</source>
        <translation>配色</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="232"/>
        <source>Germany</source>
        <translation>德国</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="233"/>
        <source>France</source>
        <translation>法国</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="234"/>
        <source>Italy</source>
        <translation>意大利</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="235"/>
        <source>Spain</source>
        <translation>西班牙</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="236"/>
        <source>Netherlands</source>
        <translation>荷兰</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="237"/>
        <source>Austria</source>
        <translation>奥地利</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="238"/>
        <source>Ireland</source>
        <translation>爱尔兰</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="239"/>
        <source>Poland (prices in EUR)</source>
        <translation>波兰（以欧元计价）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="240"/>
        <source>Finland</source>
        <translation>芬兰</translation>
    </message>
</context>
<context>
    <name>PricePackDialog</name>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="20"/>
        <source>Import price pack: {0}</source>
        <translation>导入价格包：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="28"/>
        <source>Apply these changes to my catalog</source>
        <translation>将这些更改应用到我的目录</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="41"/>
        <source>{0} is not a price pack this version can read:</source>
        <translation>{0} 不是本版本能读取的价格包：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="46"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="48"/>
        <source>From {0}, {1}: {2} price(s), {3} part(s). Changes: {4}.</source>
        <translation>来自 {0}，{1}：{2} 个价格，{3} 个配件。更改：{4}。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="61"/>
        <source>Could not write your catalog</source>
        <translation>无法写入您的目录</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/price_pack_dialog.py" line="64"/>
        <source>Written: {0}</source>
        <translation>已写入：{0}</translation>
    </message>
</context>
<context>
    <name>QuoteImportDialog</name>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="29"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="30"/>
        <source>Quoted part</source>
        <translation>报价配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="31"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="32"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="33"/>
        <source>Vendor</source>
        <translation>供应商</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="34"/>
        <source>Catalog part</source>
        <translation>目录中的配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="36"/>
        <source>(skip this line)</source>
        <translation>（跳过此行）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="44"/>
        <source>Import quote: {0}</source>
        <translation>导入报价：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="55"/>
        <source>Import the matched prices into my catalog</source>
        <translation>将匹配到的价格导入我的目录</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="60"/>
        <source>Decimal mark: from the quote</source>
        <translation>小数点：按报价单判断</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="61"/>
        <source>Decimal comma (1.599,00)</source>
        <translation>小数逗号（1.599,00）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="62"/>
        <source>Decimal point (1,599.00)</source>
        <translation>小数点（1,599.00）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="70"/>
        <source>Check the catalog part each line is matched to; unmatched lines are skipped.</source>
        <translation>请核对每一行匹配到的目录配件；未匹配的行将被跳过。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="131"/>
        <source>{0} of {1} lines matched.</source>
        <translation>{1} 行中已匹配 {0} 行。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="134"/>
        <source> {0} price(s) can be read two ways (e.g. {1}); choose the decimal mark above, or they are not imported.</source>
        <translation> {0} 个价格有两种读法（例如 {1}）；请在上方选择小数点符号，否则这些价格不会导入。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="146"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="146"/>
        <source>Could not write your catalog file: {0}</source>
        <translation>无法写入您的目录文件：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/quote_import.py" line="154"/>
        <source>Saved prices for {0} parts to {1}</source>
        <translation>已将 {0} 个配件的价格保存到 {1}</translation>
    </message>
</context>
<context>
    <name>RecommendationMapDialog</name>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="48"/>
        <source>Value: price per token/s (lower is better)</source>
        <translation>性价比：每 token/秒 的价格（越低越好）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="50"/>
        <source>tower</source>
        <translation>塔式</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="51"/>
        <source>workstation</source>
        <translation>工作站</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="52"/>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="53"/>
        <source>cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="54"/>
        <source>mini PC</source>
        <translation>迷你主机</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="55"/>
        <source>laptop</source>
        <translation>笔记本电脑</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="58"/>
        <source>full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="72"/>
        <source>Recommendation map</source>
        <translation>推荐地图</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="107"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="236"/>
        <source>not solved</source>
        <translation>未求解</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="253"/>
        <source>or %1: %2</source>
        <translation>或 %1：%2</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="304"/>
        <source>%1 inference</source>
        <translation>%1 推理</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="306"/>
        <source>%1 fine-tuning</source>
        <translation>%1 微调</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="308"/>
        <source>pretraining</source>
        <translation>预训练</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="311"/>
        <source>%1: %2, %3, the GPUs&apos; price alone</source>
        <translation>%1：%2，%3，仅计 GPU 价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="325"/>
        <source>No GPU runs this job in one machine of up to %1 cards: nothing to rank. The map&apos;s cells above and the plan show what does.</source>
        <translation>没有任何 GPU 能在单机最多 %1 张卡内运行此任务：无可排名。上方地图的单元格和方案会给出可行的机器。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="354"/>
        <source>%1 of GPUs per token/s</source>
        <translation>每 token/秒 的 GPU 花费（%1）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="362"/>
        <source>Prices here are whole machines, without the parts you own (%1); the plan a cell opens counts them, so its total can be lower.</source>
        <translation>这里的价格是整机价格，不扣除你已有的配件（%1）；点击单元格打开的方案会计入它们，因此总价可能更低。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="373"/>
        <source>Each inference machine serves at least %1 tokens/s per user (reading speed)</source>
        <translation>每台推理机器为每个用户提供至少 %1 token/秒（阅读速度）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="375"/>
        <source>Each inference machine serves at least %1 tokens/s per user</source>
        <translation>每台推理机器为每个用户提供至少 %1 token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/mapview.py" line="382"/>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
</context>
<context>
    <name>RecordForm</name>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="68"/>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="69"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="70"/>
        <source>Condition</source>
        <translation>成色</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="71"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="72"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="73"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="139"/>
        <source>Add my price</source>
        <translation>添加我的价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="140"/>
        <source>Remove price</source>
        <translation>删除价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="150"/>
        <source>&lt;b&gt;Prices&lt;/b&gt; (each with its currency, condition, date and source)</source>
        <translation>&lt;b&gt;价格&lt;/b&gt;（每条均注明货币、新旧、日期和来源）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="201"/>
        <source>Structured fields (edit them in the TOML view): </source>
        <translation>结构化字段（请在 TOML 视图中编辑）：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="214"/>
        <location filename="../../configurator/qt/catalog_editor.py" line="224"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="364"/>
        <source>{0} must be a whole number, not “{1}”</source>
        <translation>{0}必须是整数，而不是“{1}”</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="365"/>
        <source>{0} must be a number, not “{1}”</source>
        <translation>{0}必须是数字，而不是“{1}”</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="454"/>
        <source>Prices: {0}</source>
        <translation>价格：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="459"/>
        <source>Price {0}: {1}</source>
        <translation>第 {0} 个价格：{1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="478"/>
        <source>{0} is required</source>
        <translation>请填写{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="482"/>
        <source>{0} must be at least {1}</source>
        <translation>{0}不能小于 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="483"/>
        <source>{0} must be more than {1}</source>
        <translation>{0}必须大于 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="484"/>
        <source>{0} must be at most {1}</source>
        <translation>{0}不能大于 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="485"/>
        <source>{0} must be less than {1}</source>
        <translation>{0}必须小于 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="490"/>
        <source>{0} cannot be empty</source>
        <translation>{0}不能为空</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="491"/>
        <source>{0} needs at least {1} characters</source>
        <translation>{0}至少需要 {1} 个字符</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="493"/>
        <source>{0} must be a number</source>
        <translation>{0}必须是数字</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="495"/>
        <source>{0} must be a whole number</source>
        <translation>{0}必须是整数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="497"/>
        <source>{0} must be a date written YYYY-MM-DD</source>
        <translation>{0}必须是 YYYY-MM-DD 格式的日期</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="499"/>
        <source>{0} must be one of: {1}</source>
        <translation>{0}必须是以下之一：{1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/catalog_editor.py" line="500"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
</context>
<context>
    <name>RequirementsPanel</name>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="259"/>
        <location filename="../../configurator/qt/requirements.py" line="272"/>
        <location filename="../../configurator/qt/requirements.py" line="281"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="260"/>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="261"/>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="262"/>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="263"/>
        <source>transformers</source>
        <translation>transformers</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="264"/>
        <source>ExLlamaV2</source>
        <translation>ExLlamaV2</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="265"/>
        <source>ExLlamaV3</source>
        <translation>ExLlamaV3</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="267"/>
        <source>Inference engine: llama.cpp splits layers across GPUs; vLLM uses tensor parallel</source>
        <translation>推理引擎：llama.cpp 按层切分到多张 GPU；vLLM 使用张量并行</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="285"/>
        <location filename="../../configurator/qt/requirements.py" line="292"/>
        <location filename="../../configurator/qt/requirements.py" line="331"/>
        <location filename="../../configurator/qt/requirements.py" line="455"/>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="285"/>
        <source>Tokens per sequence: prompt plus generated</source>
        <translation>每个序列的 token 数：提示词加生成内容</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="300"/>
        <location filename="../../configurator/qt/requirements.py" line="1083"/>
        <source> user</source>
        <translation> 个用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="300"/>
        <source>Concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="303"/>
        <source> tok/s</source>
        <translation> token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="303"/>
        <source>Minimum decode speed per user (0: no target)</source>
        <translation>每个用户的最低解码速度（0：不设目标）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="305"/>
        <source>no target</source>
        <translation>不设目标</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="306"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="307"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="308"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="309"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="311"/>
        <source>Concurrent users</source>
        <translation>并发用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="312"/>
        <source>Target speed</source>
        <translation>目标速度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="313"/>
        <source>Offload to system RAM</source>
        <translation>卸载到系统内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="316"/>
        <source>llama.cpp keeps what does not fit the GPUs in system RAM: MoE experts first, then whole layers; decode then runs at system-RAM speed</source>
        <translation>llama.cpp 将显存放不下的部分放在系统内存中：先放 MoE 专家，再放整层；此时解码速度取决于系统内存带宽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="236"/>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="325"/>
        <location filename="../../configurator/qt/requirements.py" line="664"/>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="325"/>
        <location filename="../../configurator/qt/requirements.py" line="664"/>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="325"/>
        <location filename="../../configurator/qt/requirements.py" line="664"/>
        <source>Full</source>
        <translation>全参数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="326"/>
        <source>Fine-tuning method</source>
        <translation>微调方法</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="329"/>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="329"/>
        <source>AdamW 8-bit</source>
        <translation>AdamW 8 位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="329"/>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="331"/>
        <source>Training sequence length</source>
        <translation>训练序列长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="332"/>
        <source>Micro-batch per GPU</source>
        <translation>每张 GPU 的微批次</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="333"/>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="375"/>
        <location filename="../../configurator/qt/requirements.py" line="547"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="340"/>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="341"/>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="342"/>
        <source>ZeRO-3 / FSDP</source>
        <translation>ZeRO-3 / FSDP</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="354"/>
        <source>usual (DeepSpeed or FSDP)</source>
        <translation>常用（DeepSpeed 或 FSDP）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="359"/>
        <source>What shards the model over several GPUs under accelerate. Usual: DeepSpeed ZeRO where DeepSpeed is validated on the card (NVIDIA, AMD MI100 and MI200), PyTorch FSDP where it is not (Radeon, MI300, Arc) and for QLoRA. ZeRO-3 runs FULL_SHARD, ZeRO-2 and ZeRO-1 SHARD_GRAD_OP: FSDP cannot shard the optimizer states alone</source>
        <translation>在 accelerate 下把模型分片到多张 GPU 上用什么。常用：在 DeepSpeed 经过验证的显卡上（NVIDIA、AMD MI100 和 MI200）用 DeepSpeed ZeRO，在未经验证的显卡上（Radeon、MI300、Arc）以及 QLoRA 用 PyTorch FSDP。ZeRO-3 对应 FULL_SHARD，ZeRO-2 和 ZeRO-1 对应 SHARD_GRAD_OP：FSDP 无法只分片优化器状态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="375"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="376"/>
        <source>Offload optimizer states (and ZeRO-3 parameters) to RAM</source>
        <translation>将优化器状态（以及 ZeRO-3 参数）卸载到内存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="378"/>
        <location filename="../../configurator/qt/requirements.py" line="393"/>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="380"/>
        <source> M tokens</source>
        <translation> M token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="380"/>
        <source>Dataset size (0: not set, no training time)</source>
        <translation>数据集大小（0：未设置，不估算训练时间）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="382"/>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="383"/>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="384"/>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="385"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="386"/>
        <location filename="../../configurator/qt/requirements.py" line="455"/>
        <location filename="../../configurator/qt/requirements.py" line="459"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="387"/>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="390"/>
        <source>Sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="392"/>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="394"/>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="395"/>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="237"/>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="439"/>
        <location filename="../../configurator/qt/requirements.py" line="670"/>
        <source> B tokens</source>
        <translation> B token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="439"/>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="440"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="440"/>
        <source>Finish within (0: no deadline)</source>
        <translation>在此期限内完成（0：无期限）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="441"/>
        <source>no deadline</source>
        <translation>无期限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="450"/>
        <source>Compute-phase utilisation of the peak bf16 rate (0: default by GPU generation); communication that does not overlap comes on top, so the reported MFU is lower</source>
        <translation>计算阶段对 bf16 峰值算力的利用率（0：按 GPU 代际取默认值）；未重叠的通信时间另计，因此报告的 MFU 更低</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="454"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="456"/>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="457"/>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="458"/>
        <source>Compute util.</source>
        <translation>计算利用率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="238"/>
        <source>Pretraining</source>
        <translation>预训练</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="243"/>
        <source>Budget and site</source>
        <translation>预算与场地</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="274"/>
        <source>Weight precision or GGUF quantization; auto: the model&apos;s own, and also Q4_K_M for up to four users or FP8 on vLLM for more</source>
        <translation>权重精度或 GGUF 量化；自动：模型自身的精度，另外最多四个用户时也给出 Q4_K_M，更多用户时也给出 vLLM 上的 FP8</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="282"/>
        <source>KV-cache precision; auto: fp16, and for llama.cpp at 16k context or more also a q8_0 cache</source>
        <translation>KV 缓存精度；自动：fp16，llama.cpp 在 16k 及以上上下文时另给出 q8_0 缓存方案</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="294"/>
        <source>Prompt tokens one user sends before the first token (system prompt and history included); typical: %1 tokens, the median request of Azure&apos;s 2023 conversation trace</source>
        <translation>一位用户在首个 token 之前发送的提示词 token 数（含系统提示词和对话历史）；常见值：%1 token，即 Azure 2023 年对话 trace 中请求的中位数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="299"/>
        <source>typical (%1 tokens)</source>
        <translation>常见（%1 token）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="310"/>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="339"/>
        <source>if needed</source>
        <translation>按需</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="345"/>
        <source>How far the training states are split over the GPUs. If needed: none asked; on several GPUs a job that does not fit a whole copy per GPU is sharded (ZeRO-3), with what &quot;Sharded with&quot; names</source>
        <translation>训练状态在各 GPU 间切分的程度。按需：不要求分片；多 GPU 时，每张 GPU 放不下完整副本的任务会被分片（ZeRO-3），由“分片方式”所选的工具完成</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="355"/>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="356"/>
        <source>PyTorch FSDP</source>
        <translation>PyTorch FSDP</translation>
    </message>
    <message>
        <source>What shards the model over several GPUs under accelerate: DeepSpeed ZeRO, or PyTorch FSDP (ZeRO-3 runs FULL_SHARD, ZeRO-2 and ZeRO-1 SHARD_GRAD_OP: FSDP cannot shard the optimizer states alone)</source>
        <translation type="vanished">在 accelerate 下把模型分片到多张 GPU 上用什么：DeepSpeed ZeRO，或 PyTorch FSDP（ZeRO-3 对应 FULL_SHARD，ZeRO-2 和 ZeRO-1 对应 SHARD_GRAD_OP：FSDP 无法只分片优化器状态）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="368"/>
        <source>usual (PEFT or Transformers)</source>
        <translation>常用（PEFT 或 Transformers）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="369"/>
        <source>The fine-tuning framework: its memory defaults, its sharding and the command that runs the job</source>
        <translation>微调框架：决定其显存默认设置、分片方式以及运行任务的命令</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="389"/>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="391"/>
        <source>Sharded with</source>
        <translation>分片方式</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="407"/>
        <source>Not used by Unsloth: it never shards; on several GPUs it keeps a whole copy on each (DDP)</source>
        <translation>Unsloth 不使用此项：它从不分片；在多张 GPU 上每张卡各放一份完整模型（DDP）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="416"/>
        <source>Not used by torchtune: its distributed recipes always shard with PyTorch FSDP2 (no DeepSpeed); &quot;Sharding&quot; sets how far, and CPU offload is its fsdp_cpu_offload</source>
        <translation>torchtune 不使用此项：其分布式配方始终用 PyTorch FSDP2 分片（不用 DeepSpeed）；分片程度由“分片”设置，CPU 卸载即其 fsdp_cpu_offload</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="422"/>
        <source>Not used by Unsloth: on several GPUs it keeps a whole copy of the model on each (DDP)</source>
        <translation>Unsloth 不使用此项：在多张 GPU 上它在每张卡上各放一份完整模型（DDP）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="426"/>
        <source>Not used by {0}: it shards with its own DeepSpeed or FSDP configuration</source>
        <translation>{0} 不使用此项：它用自己的 DeepSpeed 或 FSDP 配置分片</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="480"/>
        <source>Limit the solver to these GPU ids (comma separated) to compare them side by side; a ready-made system&apos;s id (a Mac Studio, a DGX Spark, a mini PC) compares that machine with them</source>
        <translation>仅在这些 GPU id（逗号分隔）中求解，以便并排对比；填入整机的 id（Mac Studio、DGX Spark、迷你主机）则把该整机与它们一起对比</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="490"/>
        <source>Total budget (0: unlimited)</source>
        <translation>总预算（0：不限）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="492"/>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="494"/>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="494"/>
        <source>CNY</source>
        <translation>CNY</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="494"/>
        <source>EUR</source>
        <translation>EUR</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="498"/>
        <source>The wall circuit the machine plugs into</source>
        <translation>机器所接的墙面电路</translation>
    </message>
    <message>
        <source> circuit(s)</source>
        <translation type="vanished"> 路电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="501"/>
        <source>How many such circuits may feed the machine</source>
        <translation>可为机器供电的此类电路数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="501"/>
        <location filename="../../configurator/qt/requirements.py" line="1086"/>
        <source> circuit</source>
        <translation> 路电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="505"/>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="506"/>
        <source>tower</source>
        <translation>塔式</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="507"/>
        <source>rack</source>
        <translation>机架式</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="508"/>
        <source>open frame</source>
        <translation>开放式机架</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="512"/>
        <source>lab</source>
        <translation>实验室</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="512"/>
        <source>home office</source>
        <translation>家庭办公室</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="512"/>
        <source>server room</source>
        <translation>机房</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="513"/>
        <source>Noise and heat limits</source>
        <translation>噪音和散热限制</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="516"/>
        <source>new or used</source>
        <translation>全新或二手</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="516"/>
        <source>new only</source>
        <translation>仅全新</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="516"/>
        <source>prefer used</source>
        <translation>优先二手</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="519"/>
        <source>global</source>
        <translation>全球</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="519"/>
        <source>China</source>
        <translation>中国</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="520"/>
        <source>China: export variants (A800, H800, L20, H20) and CNY prices</source>
        <translation>中国：出口特供版（A800、H800、L20、H20）及人民币价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="522"/>
        <location filename="../../configurator/qt/requirements.py" line="1089"/>
        <source> GPUs</source>
        <translation> 张 GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="522"/>
        <source>Most GPUs per machine</source>
        <translation>每台机器最多的 GPU 数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="524"/>
        <source>exactly</source>
        <translation>恰好</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="526"/>
        <source>Every build has exactly this many GPUs in one machine (e.g. exactly 8 x RTX 4090)</source>
        <translation>每个方案在一台机器中恰好使用这么多张 GPU（例如恰好 8 张 RTX 4090）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="535"/>
        <source> % power</source>
        <translation> % 功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="537"/>
        <source>Run the GPUs at this share of rated power (nvidia-smi -pl at every boot): less heat and wall draw for ~5 % speed at 80 %</source>
        <translation>让 GPU 以额定功率的此比例运行（每次开机执行 nvidia-smi -pl）：80 % 时发热和墙插功耗更低，速度约降 5 %</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="545"/>
        <source>A GPU you already own and want used</source>
        <translation>您已拥有并希望使用的 GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="546"/>
        <source>How many you own</source>
        <translation>拥有的数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="638"/>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="638"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="668"/>
        <source>{0} user</source>
        <translation>{0} 个用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="668"/>
        <source>{0} users</source>
        <translation>{0} 个用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1086"/>
        <source> circuits</source>
        <translation> 路电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1089"/>
        <source> GPU</source>
        <translation> 张 GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="464"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="469"/>
        <source>Circuit</source>
        <translation>电路</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="470"/>
        <source>Circuits</source>
        <translation>电路数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="471"/>
        <source>Form</source>
        <translation>形态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="472"/>
        <source>Room</source>
        <translation>放置环境</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="473"/>
        <source>Parts</source>
        <translation>配件</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="474"/>
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="475"/>
        <source>Max GPUs</source>
        <translation>最多 GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="476"/>
        <source>GPU power</source>
        <translation>GPU 功率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="477"/>
        <source>any GPU; or ids, e.g. a800-80gb-pcie, l20</source>
        <translation>任意 GPU；或填写 id，例如 a800-80gb-pcie, l20</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="484"/>
        <source>Only GPUs</source>
        <translation>仅限 GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="485"/>
        <source>I own</source>
        <translation>我已拥有</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="564"/>
        <location filename="../../configurator/qt/requirements.py" line="677"/>
        <source>The workloads of this project; each is solved on its own</source>
        <translation>此项目的各个工作负载；每个单独求解</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="567"/>
        <source>Add another workload to the project (a copy of this one)</source>
        <translation>向项目添加另一个工作负载（复制当前这个）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="569"/>
        <source>Remove this workload from the project</source>
        <translation>从项目中删除此工作负载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="573"/>
        <source>&lt;b&gt;Workload&lt;/b&gt;</source>
        <translation>&lt;b&gt;工作负载&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="248"/>
        <source>&lt;b&gt;Model&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="611"/>
        <source>What the selected build&apos;s estimate used</source>
        <translation>所选配置的估算所采用的参数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="653"/>
        <source>auto: {0}</source>
        <translation>自动：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="653"/>
        <source>solver: {0}</source>
        <translation>求解器选择：{0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="887"/>
        <source>Only GPUs: unknown GPU or system id(s) %1 (see Catalog &gt; Edit prices and parts)</source>
        <translation>仅限 GPU：未知的 GPU 或整机 id %1（见“目录 &gt; 编辑价格和配件”）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1048"/>
        <source>No exchange rate from {0} to {1}: the budget is kept as typed</source>
        <translation>没有从 {0} 到 {1} 的汇率：预算保持输入值不变</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1057"/>
        <source>Budget converted: {0} = {1} at the catalog&apos;s exchange rates of {2}</source>
        <translation>预算已换算：{0} = {1}（按目录 {2} 的汇率）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1060"/>
        <source>Budget converted: {0} = {1} at the catalog&apos;s exchange rates</source>
        <translation>预算已换算：{0} = {1}（按目录的汇率）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/requirements.py" line="1083"/>
        <source> users</source>
        <translation> 个用户</translation>
    </message>
</context>
<context>
    <name>SlotMapWidget</name>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="60"/>
        <source>NVLink bridge, {0}-slot, between slots {1} and {2}</source>
        <translation>NVLink 桥（{0} 槽间距），连接插槽 {1} 与 {2}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="90"/>
        <source> on a riser cable</source>
        <translation>（经延长线）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="93"/>
        <source>{0} (cooler)</source>
        <translation>{0}（散热器）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="103"/>
        <source>free x{0} ({1})</source>
        <translation>空闲 x{0}（{1}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="106"/>
        <source>no slot</source>
        <translation>无插槽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="169"/>
        <source>cooled by the system&apos;s own fans and ducts</source>
        <translation>由整机自带风扇与风道散热</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="171"/>
        <source>open-air cooler (fans blow into the case)</source>
        <translation>风扇卡（开放式散热，热风吹入机箱）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="172"/>
        <source>blower cooler (exhausts out of the back)</source>
        <translation>涡轮卡（涡轮散热，热风从尾部排出）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="173"/>
        <source>passive cooler (needs the chassis&apos; airflow)</source>
        <translation>被动散热（依靠机箱风道）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="174"/>
        <source>liquid cooler</source>
        <translation>水冷</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="179"/>
        <location filename="../../configurator/qt/slotmap.py" line="183"/>
        <source>{0} cooler</source>
        <translation>{0} 散热</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="179"/>
        <source>GPU {0}: {1}</source>
        <translation>GPU {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="188"/>
        <source>; a free slot below each card keeps its fans fed</source>
        <translation>；每张卡下方留一个空槽，保证风扇进风</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="190"/>
        <source>; a free slot below each open-air card keeps its fans fed</source>
        <translation>；每张风扇卡下方留一个空槽，保证风扇进风</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="194"/>
        <source>; a free slot between the cards keeps their fans fed; the bottom card draws air from the case floor: keep it clear of cables</source>
        <translation>；卡与卡之间留空槽保证进风；最下面一张卡从机箱底部进风：不要让线缆挡住</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="198"/>
        <source>; cards with no free slot below them starve each other&apos;s fans (see Checks)</source>
        <translation>；下方没有空槽的卡会互相抢风（见“检查”）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="211"/>
        <source>Choose a build to see where its cards go</source>
        <translation>选择一个方案，查看显卡插在哪里</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="215"/>
        <source>{0} is a ready-made system: its GPU is built in, there are no slots to fill or cards to place</source>
        <translation>{0} 是整机：GPU 已内置，无需安装显卡</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="217"/>
        <source>This build has no expansion slots to plan</source>
        <translation>此方案没有需要规划的扩展插槽</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="239"/>
        <source>GPU bays</source>
        <translation>GPU 模组位</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="239"/>
        <source>Expansion slots (1 = nearest the CPU)</source>
        <translation>扩展插槽（1 = 最靠近 CPU）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="248"/>
        <source>slot {0}</source>
        <translation>插槽 {0}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/slotmap.py" line="134"/>
        <source>; NVLink bridge ({0}-slot)</source>
        <translation>；NVLink 桥（{0} 槽间距）</translation>
    </message>
</context>
<context>
    <name>VramHeadroomChart</name>
    <message>
        <location filename="../../configurator/qt/charts.py" line="148"/>
        <source>System RAM</source>
        <translation>系统内存</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../configurator/qt/app.py" line="85"/>
        <source>The app did not close cleanly last time. Recover the unsaved project {0}?</source>
        <translation>软件上次未正常关闭。要恢复未保存的项目 {0} 吗？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/app.py" line="87"/>
        <source>The app did not close cleanly last time. Recover the unsaved project?</source>
        <translation>软件上次未正常关闭。要恢复未保存的项目吗？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/app.py" line="91"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/app.py" line="120"/>
        <source>Could not do that</source>
        <translation>无法完成该操作</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/app.py" line="131"/>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
</context>
<context>
    <name>builds</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="170"/>
        <source>{0} tok/s</source>
        <translation>{0} token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="174"/>
        <source>{0:,.1f} h</source>
        <translation>{0:,.1f} 小时</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="176"/>
        <source>{0:,.1f} days</source>
        <translation>{0:,.1f} 天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="179"/>
        <source> per {0:,.0f} M tokens</source>
        <translation>（每 {0:,.0f} M token）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="193"/>
        <source>silent</source>
        <translation>无声</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="203"/>
        <source>{0} fail</source>
        <translation>{0} 项不通过</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="204"/>
        <source>{0} warn</source>
        <translation>{0} 项警告</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="205"/>
        <source>all pass</source>
        <translation>全部通过</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="209"/>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="210"/>
        <source>WARN</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="211"/>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>charts</name>
    <message>
        <location filename="../../configurator/qt/charts.py" line="34"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="35"/>
        <source>kv cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="36"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="37"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="38"/>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="39"/>
        <source>runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="40"/>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="147"/>
        <source>Memory per GPU</source>
        <translation>每张 GPU 的显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="178"/>
        <source>{0} (card {1})</source>
        <translation>{0}（第 {1} 张卡）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="246"/>
        <source>capacity {0:.0f} GiB</source>
        <translation>容量 {0:.0f} GiB</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="214"/>
        <source>used in system RAM</source>
        <translation>系统内存已用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="215"/>
        <source>system RAM free</source>
        <translation>系统内存空闲</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="248"/>
        <source>capacity {0} GiB</source>
        <translation>容量 {0} GiB</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="257"/>
        <source>Cost by category</source>
        <translation>各类配件花费</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="286"/>
        <source>Power budget</source>
        <translation>功耗预算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="305"/>
        <source>Power budget: one of {0} nodes</source>
        <translation>功耗预算：{0} 个节点中的一个</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="311"/>
        <source>all {0} nodes: {1:,.0f} kW at the wall</source>
        <translation>全部 {0} 个节点：墙插 {1:,.0f} kW</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="320"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="321"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="322"/>
        <source>rest</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="331"/>
        <source>wall draw {0:,.0f} W</source>
        <translation>墙插功耗 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="337"/>
        <source>{0:,.0f} W DC</source>
        <translation>直流 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="338"/>
        <source>{0:.0%} of the PSU</source>
        <translation>电源的 {0:.0%}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="342"/>
        <source>{0:,.0f} W at the wall</source>
        <translation>墙插功耗 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="350"/>
        <source>{0:,.0f} W by NEC 210.20(A):
{1:.0%} of the breaker</source>
        <translation>按 NEC 210.20(A) {0:,.0f} W：
断路器额定的 {1:.0%}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="354"/>
        <source>{0:.0%} of the circuit limit</source>
        <translation>电路上限的 {0:.0%}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="366"/>
        <source>one stream decoding {0:,.0f} W</source>
        <translation>单路解码 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="368"/>
        <source>{0:,.0f} W while decoding</source>
        <translation>解码时 {0:,.0f} W</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="385"/>
        <source>circuit limit (continuous)</source>
        <translation>电路上限（持续）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="394"/>
        <source>breaker (prompt bursts)</source>
        <translation>断路器（提示短时负载）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="400"/>
        <source>built-in supply</source>
        <translation>内置电源</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="404"/>
        <source>PSU capacity</source>
        <translation>电源容量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="407"/>
        <source>{0:.0%} of PSU</source>
        <translation>电源的 {0:.0%}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="415"/>
        <source>DC load</source>
        <translation>直流负载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="415"/>
        <source>wall</source>
        <translation>墙插</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="454"/>
        <location filename="../../configurator/qt/charts.py" line="551"/>
        <source>Wall time and cost against nodes</source>
        <translation>耗时与成本随节点数的变化</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="455"/>
        <location filename="../../configurator/qt/charts.py" line="544"/>
        <source>wall time (days)</source>
        <translation>耗时（天）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="459"/>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="517"/>
        <source>No node curve for this build: it is drawn for the ready-made servers of a training plan and for inference clusters, which are bought by the node.</source>
        <translation>此配置没有节点曲线：节点曲线只为训练方案中的现成服务器和推理集群绘制（它们按台购买）。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="546"/>
        <source>decode tokens/s per sequence</source>
        <translation>每个序列的解码速度（token/秒）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="548"/>
        <source>cost ({0})</source>
        <translation>成本（{0}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="553"/>
        <source>Decode speed and cost against nodes</source>
        <translation>解码速度与成本随节点数的变化</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="556"/>
        <source>nodes of {0}</source>
        <translation>{0} 节点数</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="560"/>
        <source>wall time (left)</source>
        <translation>耗时（左轴）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="562"/>
        <source>decode speed (left)</source>
        <translation>解码速度（左轴）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="567"/>
        <source>bought (right)</source>
        <translation>购买（右轴）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="575"/>
        <source>the job rented (right)</source>
        <translation>租用完成该任务（右轴）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="584"/>
        <source>chosen: {0} nodes</source>
        <translation>已选：{0} 个节点</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="587"/>
        <source>{0:,.0f} days</source>
        <translation>{0:,.0f} 天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="589"/>
        <source>{0:.1f} tokens/s</source>
        <translation>{0:.1f} token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="619"/>
        <source>deadline {0:,.0f} days</source>
        <translation>截止时间 {0:,.0f} 天</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="648"/>
        <source>{0} nodes: too few, no parallel layout holds the job in memory</source>
        <translation>{0} 个节点：太少，没有任何并行布局能把任务装进显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="650"/>
        <source>{0} node: too few, no parallel layout holds the job in memory</source>
        <translation>{0} 个节点：太少，没有任何并行布局能把任务装进显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="654"/>
        <source>no rental at {0} nodes: {1}</source>
        <translation>{0} 个节点时无可租用：{1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="659"/>
        <source>rented: the job on the cloud offer the plan matches at each size (its hourly price x its own wall hours)</source>
        <translation>租用：每种规模下按方案匹配的云服务完成该任务（每小时价格 x 其自身耗时）</translation>
    </message>
</context>
<context>
    <name>compare</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="59"/>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="68"/>
        <source>{0:,.1f} s for a {1:,}-token prompt</source>
        <translation>{1:,} token 提示词需 {0:,.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="73"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="74"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="75"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="76"/>
        <source>Speed / time</source>
        <translation>速度 / 时间</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="77"/>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="78"/>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="80"/>
        <source>VRAM per GPU</source>
        <translation>每张 GPU 的显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="83"/>
        <source>free</source>
        <translation>剩余</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="88"/>
        <source>Wall power</source>
        <translation>墙插功耗</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="89"/>
        <source>Noise</source>
        <translation>噪音</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="90"/>
        <source>Heat</source>
        <translation>发热</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="98"/>
        <source>Fails / warnings</source>
        <translation>不通过 / 警告</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="103"/>
        <source>all pass</source>
        <translation>全部通过</translation>
    </message>
</context>
<context>
    <name>costs</name>
    <message>
        <location filename="../../configurator/qt/charts.py" line="797"/>
        <source>buy: purchase + electricity - resale</source>
        <translation>购买：购置 + 电费 - 转卖所得</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="804"/>
        <source>pay per token</source>
        <translation>按 token 付费</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="806"/>
        <source>rent: cloud equivalent</source>
        <translation>租用：同等云算力</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/charts.py" line="818"/>
        <source>rent: what serves the need</source>
        <translation>租用：满足需求的</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="364"/>
        <source>No build is selected: with one chosen, this compares buying it (purchase and electricity) with renting the same capacity, month by month.</source>
        <translation>未选择配置：选中一个后，这里逐月比较购买它（购置与电费）和租用同等算力的成本。</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="381"/>
        <source>bought: {0:,.0f} {1} for the job ({2:,.0f} purchase + {3:,.0f} energy - {4:,.0f} resold second-hand), {5:,.0f} h; no rental to compare</source>
        <translation>自购：这项任务花费 {0:,.0f} {1}（购置 {2:,.0f} + 电费 {3:,.0f} - 二手转卖 {4:,.0f}），用时 {5:,.0f} 小时；没有可比的租用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="390"/>
        <source>one-off job: rented {0:,.0f} {1} in {2:,.0f} h against bought {3:,.0f} {1} ({4:,.0f} purchase + {5:,.0f} energy - {6:,.0f} resold second-hand after the job) in {7:,.0f} h: {8}; for recurring work see the break-even</source>
        <translation>一次性任务：租用 {0:,.0f} {1}，用时 {2:,.0f} 小时；自购 {3:,.0f} {1}（购置 {4:,.0f} + 电费 {5:,.0f} - 任务结束后二手转卖 {6:,.0f}），用时 {7:,.0f} 小时：{8}；长期反复使用请看回本时间</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="407"/>
        <source>This training job</source>
        <translation>本次训练任务</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="410"/>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="413"/>
        <source>{0} of wall time; {1} = {2} of electricity; {3} with its share of depreciation</source>
        <translation>耗时 {0}；{1} = 电费 {2}；计入折旧分摊共 {3}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="418"/>
        <source>On this machine</source>
        <translation>在这台机器上</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="429"/>
        <source>{0} in {1}</source>
        <translation>{0}，耗时 {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="432"/>
        <source>Rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="440"/>
        <source>Purchase</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="442"/>
        <source>Electricity</source>
        <translation>电费</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="443"/>
        <source>{0:,.0f} kWh = {1:,.0f} {2} a year</source>
        <translation>每年 {0:,.0f} kWh = {1:,.0f} {2}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="448"/>
        <source>Rental equivalent</source>
        <translation>等效租用</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="450"/>
        <source>{0:,.0f} {1} a month</source>
        <translation>每月 {0:,.0f} {1}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="459"/>
        <source>Break-even</source>
        <translation>回本</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="474"/>
        <source>Per million training tokens</source>
        <translation>每百万训练 token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="481"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="388"/>
        <location filename="../../configurator/qt/costs.py" line="483"/>
        <location filename="../../configurator/qt/costs.py" line="509"/>
        <source>buying is cheaper</source>
        <translation>买更划算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="386"/>
        <location filename="../../configurator/qt/costs.py" line="484"/>
        <source>renting is cheaper</source>
        <translation>租更划算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="487"/>
        <source>no rental to compare</source>
        <translation>没有可比较的租用方案</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="490"/>
        <source>own {0:,.0f} {1} net of resale (sold for {2:,.0f})</source>
        <translation>自购 {0:,.0f} {1}（扣除转卖所得 {2:,.0f}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="495"/>
        <source>{0} vs rent {1:,.0f} {2}</source>
        <translation>{0}，租用 {1:,.0f} {2}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="503"/>
        <source>{0} (as fast as this build); vs rent {1:,.0f} {2} (serves the need){3}{4}</source>
        <translation>{0}（与本机同速的租用）；对比租用 {1:,.0f} {2}（满足需求的租用）{3}{4}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="510"/>
        <source>paying per token is cheaper</source>
        <translation>按 token 付费更划算</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="512"/>
        <source>{0}; vs pay per token {1:,.0f} {2}{3}{4}</source>
        <translation>{0}；对比按 token 付费 {1:,.0f} {2}{3}{4}</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="517"/>
        <source>After 1 year</source>
        <translation>1 年后</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="519"/>
        <source>After {0} years</source>
        <translation>{0} 年后</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/costs.py" line="526"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
</context>
<context>
    <name>estimate</name>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1265"/>
        <source>Estimator warnings</source>
        <translation>估算警告</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1169"/>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="140"/>
        <source>First token, the users&apos; prompt</source>
        <translation>首个 token（用户的提示）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="129"/>
        <source>{0:,.1f} s after a {1:,}-token prompt, {2:,} of them cached</source>
        <translation>输入 {1:,} token 的提示（其中 {2:,} token 已缓存）后 {0:,.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="133"/>
        <source> (capped by the context from {0:,} tokens)</source>
        <translation>（受上下文所限，原为 {0:,} token）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="154"/>
        <source>Last of {0} users</source>
        <translation>第 {0} 个用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="155"/>
        <source>{0:,.0f} s when all send a {1}-token prompt at once</source>
        <translation>所有用户同时发送 {1} token 提示词时，最后一位要等 {0:,.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1116"/>
        <source>params</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1117"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1118"/>
        <source>kv_cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1119"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1120"/>
        <source>overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1121"/>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1122"/>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1123"/>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1124"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1125"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1126"/>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1127"/>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1128"/>
        <source>layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1129"/>
        <source>flops</source>
        <translation>计算量</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1130"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1131"/>
        <source>parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1132"/>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1133"/>
        <source>split</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1134"/>
        <source>zero</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="137"/>
        <location filename="../../configurator/qt/builds.py" line="1157"/>
        <source> (80 % range {0}-{1})</source>
        <translation>（80 % 区间 {0}-{1}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1171"/>
        <source>tokens/s per user</source>
        <translation>token/秒（每用户）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1178"/>
        <source>All users</source>
        <translation>所有用户</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1179"/>
        <location filename="../../configurator/qt/builds.py" line="1186"/>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1185"/>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1195"/>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1196"/>
        <source>{0:.2f} s after a {1}-token prompt</source>
        <translation>{1} token 提示词后 {0:.2f} 秒</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1207"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1209"/>
        <source>{0:,.0f} GPU-hours; {1:,.1f} h wall clock on one GPU</source>
        <translation>{0:,.0f} GPU 小时；在 1 张 GPU 上墙钟时间 {1:,.1f} 小时</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1211"/>
        <source>{0:,.0f} GPU-hours; {1:,.1f} h wall clock on {2} GPUs</source>
        <translation>{0:,.0f} GPU 小时；在 {2} 张 GPU 上墙钟时间 {1:,.1f} 小时</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1216"/>
        <source> at {0:.0f} % power</source>
        <translation>（GPU {0:.0f} % 功率）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1227"/>
        <source>Steady state</source>
        <translation>稳态速率</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1228"/>
        <source>{0:,.0f} tokens/s while stepping (80 % range {1:,.0f}-{2:,.0f})</source>
        <translation>训练步进中 {0:,.0f} token/秒（80 % 区间 {1:,.0f}-{2:,.0f}）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1237"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1238"/>
        <source>{0:.1f} GiB on the most loaded GPU; {1:.1f} GiB in all</source>
        <translation>负载最高的 GPU 上 {0:.1f} GiB；共 {1:.1f} GiB</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1244"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1267"/>
        <source>How this is computed</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1268"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/builds.py" line="1272"/>
        <source>Other upgrades</source>
        <translation>其他升级</translation>
    </message>
</context>
<context>
    <name>printing</name>
    <message>
        <location filename="../../configurator/qt/printing.py" line="512"/>
        <location filename="../../configurator/qt/printing.py" line="524"/>
        <source>LLM Rig Configurator build sheet</source>
        <translation>LLM 装机配置器装机单</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/printing.py" line="624"/>
        <source>Print build sheet</source>
        <translation>打印装机单</translation>
    </message>
</context>
<context>
    <name>steps</name>
    <message>
        <location filename="../../configurator/qt/steps.py" line="22"/>
        <source>Plan this machine</source>
        <translation>规划这台机器</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/steps.py" line="26"/>
        <source>Next step up</source>
        <translation>下一步升级</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/steps.py" line="27"/>
        <source>Catalog prices with their dates; the rest of the machine is not re-planned. &quot;Plan this machine&quot; solves again with only that card, exactly that many, at its settings and without the budget.</source>
        <translation>目录价格及其日期；机器的其他配件未重新规划。“规划这台机器”会只用这张卡、恰好这么多张、按这一步的设置且不设预算重新求解。</translation>
    </message>
</context>
<context>
    <name>terms</name>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="143"/>
        <source>120 V 15 A (US outlet)</source>
        <translation>120 V 15 A（美国插座）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="144"/>
        <source>120 V 20 A</source>
        <translation>120 V 20 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="145"/>
        <source>240 V 20 A</source>
        <translation>240 V 20 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="146"/>
        <source>208 V 30 A (L6-30 rack feed)</source>
        <translation>208 V 30 A（L6-30 机柜供电）</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="147"/>
        <source>220 V 10 A</source>
        <translation>220 V 10 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="148"/>
        <source>220 V 16 A</source>
        <translation>220 V 16 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="149"/>
        <source>230 V 10 A</source>
        <translation>230 V 10 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="150"/>
        <source>230 V 16 A</source>
        <translation>230 V 16 A</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="154"/>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="155"/>
        <source>fine-tune</source>
        <translation>微调</translation>
    </message>
    <message>
        <location filename="../../configurator/qt/i18n.py" line="156"/>
        <source>pretrain</source>
        <translation>预训练</translation>
    </message>
</context>
</TS>
